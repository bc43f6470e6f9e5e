// The addresses module: the bank's addresses on the chain. It assigns each customer their deposit
// addresses (BIP84 receive chain), finds whose an address is, and hands out the next index of a
// derivation chain (the change chain of payouts); it tells the bank's own addresses (change, not yet
// issued, the vault's) from outside ones. It owns deposit_addresses and address_chains.
export {
  BANK_ADDRESS_GAP,
  type BankAddressKind,
  bankAddressKind,
  type KeyWindow,
  type OwnAddressFacts,
  ownAddressFacts,
  type VaultAddresses,
  type WindowStart,
  windowKey,
} from "./bank-addresses.js";
export type { AddressesContext } from "./context.js";
export { currentDepositAddress, depositAddressFor } from "./deposit-address.js";
export { listDepositAddressLabels, ownDepositAddresses, updateDepositAddressLabel } from "./labels.js";
export {
  claimNextIndex,
  type DepositAddressRow,
  findCurrentDepositAddress,
  findDepositAddress,
  findDepositAddresses,
  type IssuedAddress,
  markDepositAddressesUsed,
} from "./queries.js";
