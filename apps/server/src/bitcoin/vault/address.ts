import type { HDKey } from "@scure/bip32";
import { p2ms, p2wsh } from "@scure/btc-signer";
import { DerivationChain } from "../keys.js";
import { networkParams } from "../network.js";
import { type ColdVault, VAULT_CHAIN_STEP, type VaultChain } from "./descriptor.js";
import { fingerprintHex, formatPath } from "./key-expression.js";

// The vault's outputs: P2WSH of the 2-of-3 multisig of its three keys' children at <chain>/<index>, the
// child keys sorted lexicographically (BIP-67, as sortedmulti() says). Everything a PSBT needs comes with
// them: the witness script and each child key's derivation from its master.

/** One of the three keys of a vault output, and where a signer derives it: master fingerprint and full path. */
export type VaultChildKey = {
  /** The vault key it derives from: 1, 2 or 3, its place in the descriptor. */
  keyNumber: 1 | 2 | 3;
  publicKey: Uint8Array;
  fingerprint: number;
  path: readonly number[];
};

export type VaultOutput = {
  chain: VaultChain;
  index: number;
  address: string;
  /** The output script (OP_0 <sha256(witnessScript)>). */
  script: Uint8Array;
  /** OP_2 <key> <key> <key> OP_3 OP_CHECKMULTISIG, keys sorted. */
  witnessScript: Uint8Array;
  /** In the script's order. */
  keys: readonly VaultChildKey[];
};

export class VaultChainError extends Error {
  override name = "VaultChainError";
}

/** Compares two byte strings as BIP-67 sorts public keys: lexicographically, byte by byte. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** The multisig script of `threshold` of `publicKeys`, sorted as BIP-67 and sortedmulti() sort them. */
export function sortedMultisigScript(threshold: number, publicKeys: readonly Uint8Array[]): Uint8Array {
  return p2ms(threshold, [...publicKeys].sort(compareBytes)).script;
}

// Each key's derivation chains, built once: every address of a chain derives from its chain key.
const chainsOf = new WeakMap<HDKey, Map<number, DerivationChain>>();

function childPublicKey(xpub: HDKey, step: number, index: number): Uint8Array {
  let chains = chainsOf.get(xpub);
  if (chains === undefined) {
    chains = new Map();
    chainsOf.set(xpub, chains);
  }
  let chain = chains.get(step);
  if (chain === undefined) {
    chain = new DerivationChain(xpub, step);
    chains.set(step, chain);
  }
  return chain.publicKey(index);
}

/** Throws when the vault's descriptor does not derive `chain` (a /0/* or /1/* descriptor has one chain). */
export function assertVaultChain(vault: ColdVault, chain: VaultChain): void {
  if (vault.chains.includes(chain)) return;
  const only = vault.chains[0];
  throw new VaultChainError(
    `The cold vault's descriptor has only a ${only} chain (its keys end in /${only === "receive" ? 0 : 1}/*): no ${chain} addresses; write the keys as /<0;1>/* for both`,
  );
}

/** The vault's output at `chain`/`index` (index: 0 to 2^31 - 1). */
export function vaultOutput(vault: ColdVault, chain: VaultChain, index: number): VaultOutput {
  assertVaultChain(vault, chain);
  const step = VAULT_CHAIN_STEP[chain];
  const keys = vault.keys
    .map((key) => ({
      keyNumber: key.number,
      publicKey: childPublicKey(key.xpub, step, index),
      fingerprint: key.origin.fingerprint,
      path: [...key.origin.path, step, index],
    }))
    .sort((a, b) => compareBytes(a.publicKey, b.publicKey));
  const multisig = p2ms(
    vault.threshold,
    keys.map((key) => key.publicKey),
  );
  const payment = p2wsh(multisig, networkParams[vault.network].params);
  if (!payment.address) throw new Error("P2WSH payment has no address");
  return {
    chain,
    index,
    address: payment.address,
    script: payment.script,
    witnessScript: multisig.script,
    keys,
  };
}

/** The vault's address at `chain`/`index`. */
export function vaultAddress(vault: ColdVault, chain: VaultChain, index: number): string {
  return vaultOutput(vault, chain, index).address;
}

/** "a1b2c3d4/48h/1h/0h/2h/0/5": a child key's derivation, as a signer shows it. */
export function describeChildKey(key: VaultChildKey): string {
  return `${fingerprintHex(key.fingerprint)}/${formatPath(key.path)}`;
}
