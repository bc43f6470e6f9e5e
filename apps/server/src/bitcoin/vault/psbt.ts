import { secp256k1 } from "@noble/curves/secp256k1.js";
import { OutScript, SigHash, type Transaction } from "@scure/btc-signer";
import { equalBytes } from "../script-bytes.js";
import { type VaultChildKey, type VaultOutput, vaultOutput } from "./address.js";
import type { ColdVault, VaultChain } from "./descriptor.js";

// What a PSBT needs to spend a vault coin or pay the vault, so that hardware signers, Sparrow and Bitcoin
// Core can sign and show it: the coin's output (witnessUtxo), its witness script and each key's BIP32
// derivation (master fingerprint and full path). And the check the server runs on what comes back: which of
// the vault's keys really signed.

/** A coin at one of the vault's addresses. */
export type VaultCoin = { txid: string; vout: number; valueSats: bigint; chain: VaultChain; index: number };

export type Bip32Derivation = [publicKey: Uint8Array, derivation: { fingerprint: number; path: number[] }];

/** The PSBT input fields of a vault coin: `tx.addInput(vaultPsbtInput(vault, coin))`. */
export type VaultPsbtInput = {
  txid: string;
  index: number;
  witnessUtxo: { script: Uint8Array; amount: bigint };
  witnessScript: Uint8Array;
  bip32Derivation: Bip32Derivation[];
};

/** The PSBT output fields of a payment to the vault (a sweep, or a refill's change): `tx.addOutput(...)`. */
export type VaultPsbtOutput = {
  script: Uint8Array;
  amount: bigint;
  witnessScript: Uint8Array;
  bip32Derivation: Bip32Derivation[];
};

function derivations(output: VaultOutput): Bip32Derivation[] {
  return output.keys.map((key) => [key.publicKey, { fingerprint: key.fingerprint, path: [...key.path] }]);
}

export function vaultPsbtInput(vault: ColdVault, coin: VaultCoin): VaultPsbtInput {
  const output = vaultOutput(vault, coin.chain, coin.index);
  return {
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: { script: output.script, amount: coin.valueSats },
    witnessScript: output.witnessScript,
    bip32Derivation: derivations(output),
  };
}

export function vaultPsbtOutput(
  vault: ColdVault,
  chain: VaultChain,
  index: number,
  amountSats: bigint,
): VaultPsbtOutput {
  const output = vaultOutput(vault, chain, index);
  return {
    script: output.script,
    amount: amountSats,
    witnessScript: output.witnessScript,
    bip32Derivation: derivations(output),
  };
}

/**
 * The keys of `output` whose signature in input `inputIndex`'s partialSig verifies: SIGHASH_ALL over the
 * BIP143 digest of the vault's witness script, strict DER and low S. A signature by a key that is not one
 * of the output's three, one that does not verify, or another sighash counts for nothing. Empty when the
 * input does not spend `output` (another witness script or output script).
 */
export function validVaultSignatures(
  tx: Transaction,
  inputIndex: number,
  output: VaultOutput,
): VaultChildKey[] {
  const input = tx.getInput(inputIndex);
  const utxo = input.witnessUtxo;
  if (utxo === undefined || input.witnessScript === undefined) return [];
  if (!equalBytes(input.witnessScript, output.witnessScript) || !equalBytes(utxo.script, output.script))
    return [];
  const digest = tx.preimageWitnessV0(inputIndex, output.witnessScript, SigHash.ALL, utxo.amount);
  const signers: VaultChildKey[] = [];
  for (const key of output.keys) {
    const signature = input.partialSig?.find(([publicKey]) => equalBytes(publicKey, key.publicKey))?.[1];
    if (signature === undefined || signature.at(-1) !== SigHash.ALL) continue;
    try {
      const valid = secp256k1.verify(signature.subarray(0, -1), digest, key.publicKey, {
        prehash: false,
        format: "der",
        lowS: true,
      });
      if (valid) signers.push(key);
    } catch {
      // An unreadable signature is not a signature.
    }
  }
  return signers;
}

/** The public keys of a 2-of-3 (or any m-of-n) witness script, or null when it is no multisig script. */
export function multisigKeys(witnessScript: Uint8Array): { m: number; pubkeys: Uint8Array[] } | null {
  try {
    const decoded = OutScript.decode(witnessScript);
    return decoded.type === "ms" ? { m: decoded.m, pubkeys: decoded.pubkeys } : null;
  } catch {
    return null;
  }
}
