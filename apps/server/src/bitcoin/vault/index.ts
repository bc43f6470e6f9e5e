// The cold vault (issue 19): its descriptor, addresses and PSBT fields, the signature check, the demo vault.
export {
  assertVaultChain,
  compareBytes,
  describeChildKey,
  sortedMultisigScript,
  VaultChainError,
  type VaultChildKey,
  type VaultOutput,
  vaultAddress,
  vaultOutput,
} from "./address.js";
export { checkChecksum, descriptorChecksum, withChecksum } from "./checksum.js";
export { readOrCreateDemoVault } from "./demo-vault.js";
export {
  type ColdVault,
  parseVaultDescriptor,
  VAULT_CHAIN_STEP,
  type VaultChain,
  VaultDescriptorError,
  type VaultKey,
} from "./descriptor.js";
export { extendedKeyVersions, fingerprintHex, formatPath } from "./key-expression.js";
export { type KeyFile, KeyFileError, keyFileMaster, parseKeyFile } from "./key-file.js";
export {
  type Bip32Derivation,
  multisigKeys,
  type VaultCoin,
  type VaultPsbtInput,
  type VaultPsbtOutput,
  validVaultSignatures,
  vaultPsbtInput,
  vaultPsbtOutput,
} from "./psbt.js";
export {
  buildRefillPsbt,
  chooseVaultCoins,
  psbtBytes,
  type RefillChoice,
  type RefillPsbt,
  readPsbt,
  refillProblems,
  spendsVaultOutput,
} from "./refill.js";
export { signVaultInputs } from "./sign.js";
