import type { Clock } from "../../adapters/clock.js";
import type { BitcoinNetwork } from "../../bitcoin/network.js";
import type { Db } from "../../db/client.js";

/** What the external-wallets use cases work with. */
export type ExternalWalletsContext = {
  db: Db;
  clock: Clock;
  /** BITCOIN_NETWORK: a wallet's address must be of the bank's network. */
  network: BitcoinNetwork;
  /** Names the bank in the message to sign. */
  brandName: string;
};
