// The vault module: the cold vault (a 2-of-3 multisig whose keys the server never holds). Its addresses
// (the next index per vault and chain, recorded as the bank's), its coins (a sweep's incoming coin, the
// vault's own, those a refill locks), and the refills: a PSBT staff start, key holders sign offline, staff
// upload; the server keeps only the signatures that verify, finalises at two per input, checks, broadcasts,
// tracks (refillBlocks) and settles at CONFIRMATIONS. The sweep itself is a payout (the withdrawals module,
// which calls this module for the vault's side: its address and its coin); this module never imports the
// withdrawals module. It owns vault_addresses, vault_coins and vault_refills.
export { type ClaimedVaultAddress, claimVaultAddress } from "./address-queries.js";
export { cancelRefill } from "./cancel-refill.js";
export { findVaultCoinsHeld } from "./coin-queries.js";
export { type VaultContext, type VaultSettings, vaultId } from "./context.js";
export { getRefill, getVault, refillPsbtFile } from "./get-vault.js";
export { type MergeVerdict, mergeSignatures } from "./merge-signatures.js";
export { VAULT_ADDRESS_GAP, vaultAddressesOf } from "./own-addresses.js";
export { refillBlocks } from "./refill-blocks.js";
export type { RefillInput } from "./refill-psbt.js";
export {
  type ColdVaultReconciliation,
  listVaultReserveCoins,
  reconcileColdVault,
  type VaultReserveCoin,
  vaultReserves,
} from "./reserves.js";
export { settleRefill } from "./settle-refill.js";
export { configuredVault, startRefill } from "./start-refill.js";
export { bankSurplus } from "./surplus.js";
export { forgetSweep, listRecentSweeps, receiveSweep, recordSweepCoin } from "./sweep-coins.js";
export { type RefillBroadcast, type RefillsReport, trackRefills } from "./track-refills.js";
export { uploadRefillSignatures } from "./upload-signatures.js";
