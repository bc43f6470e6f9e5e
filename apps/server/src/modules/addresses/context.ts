import type { Clock } from "../../adapters/clock.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";

/** What assigning a deposit address works with: the bank's wallet keys say which addresses are its own. */
export type AddressesContext = { db: Db; clock: Clock; walletKeys: WalletKeys };
