import type { Clock } from "../../adapters/clock.js";
import type { PriceSource } from "../../adapters/price/price-source.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import type { SendLimits } from "../../domain/kyc.js";
import type { Sats } from "../../domain/money.js";
import type { WithdrawalPolicy } from "../../domain/withdrawal-policy.js";
import type { VaultAddresses } from "../addresses/index.js";
import type { Announcer } from "../notifications/index.js";
import type { RelyingParty } from "../passkeys/index.js";
import type { ChainHeight } from "../transactions/index.js";

/** What the wallet use cases work with; each takes the part it needs. */
export type WalletContext = {
  db: Db;
  clock: Clock;
  /** The bank's BIP84 wallet (from WALLET_MNEMONIC) and its network. */
  walletKeys: WalletKeys;
  price: PriceSource;
  /** What a customer pays for a withdrawal (WITHDRAWAL_FEE_SAT): the fee the send review shows. */
  withdrawalFeeSats: Sats;
  /** The rolling 24-hour send limit of each verification level (SEND_LIMIT_LEVEL_1_SAT, _2_SAT). */
  sendLimits: SendLimits;
  /** The follower's height: a repeated send's answer counts its confirmations (the chain module's). */
  chainHeight: ChainHeight;
  /** What a withdrawal waits for: a new address's hold, staff approvals (NEW_ADDRESS_HOLD_HOURS, ...). */
  withdrawalPolicy: WithdrawalPolicy;
  /** The bank as WebAuthn knows it: a withdrawal's passkey approval is checked against its origin and RP ID. */
  rp: RelyingParty;
  /** Announces a send's notifications after its commit (wallet_send() writes them, announcing nothing). */
  announcer: Announcer;
  /** The cold vault's addresses, never an outside address (the vault module's port; none: no vault). */
  vaultAddresses?: VaultAddresses;
};
