import { Transaction } from "@scure/btc-signer";
import {
  type ColdVault,
  VAULT_CHAIN_STEP,
  type VaultChildKey,
  type VaultCoin,
  type VaultOutput,
  validVaultSignatures,
  vaultOutput,
} from "../../bitcoin/vault/index.js";
import type { RefillRow } from "./refill-queries.js";

// A refill's PSBT as the server keeps it (the one it made, with every valid signature uploaded since) and
// what it says: the vault coins it spends, in input order, and which of the vault's keys signed each.

/** The refill's PSBT as it stands: the unsigned one, with the signatures kept so far. */
export function storedPsbt(refill: Pick<RefillRow, "unsignedPsbt" | "signedPsbt">): Transaction {
  return Transaction.fromPSBT(Buffer.from(refill.signedPsbt ?? refill.unsignedPsbt, "base64"));
}

export const toBase64 = (tx: Transaction) => Buffer.from(tx.toPSBT()).toString("base64");

export type RefillInput = { coin: VaultCoin; output: VaultOutput };

const hex = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? "" : Buffer.from(bytes).toString("hex");

/**
 * The vault coins a PSBT the server made spends, in input order, and the vault output each is: its
 * outpoint and amount from the input, its chain and index from the derivation the server wrote.
 */
export function refillInputs(vault: ColdVault, tx: Transaction): RefillInput[] {
  const inputs: RefillInput[] = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const path = input.bip32Derivation?.[0]?.[1].path ?? [];
    const [step, index] = path.slice(-2);
    if (input.witnessUtxo === undefined || step === undefined || index === undefined) {
      throw new Error(`The refill's PSBT has no vault derivation for input ${i}`);
    }
    const coin: VaultCoin = {
      txid: hex(input.txid),
      vout: input.index ?? 0,
      valueSats: input.witnessUtxo.amount,
      chain: step === VAULT_CHAIN_STEP.change ? "change" : "receive",
      index,
    };
    inputs.push({ coin, output: vaultOutput(vault, coin.chain, coin.index) });
  }
  return inputs;
}

/** The vault keys whose signature of each input verifies, in input order. */
export function signersOf(tx: Transaction, inputs: readonly RefillInput[]): VaultChildKey[][] {
  return inputs.map((input, i) => validVaultSignatures(tx, i, input.output));
}

/** Every input has the vault's threshold of valid signatures, by different keys. */
export function isComplete(vault: ColdVault, signers: readonly VaultChildKey[][]): boolean {
  return signers.every((keys) => new Set(keys.map((key) => key.keyNumber)).size >= vault.threshold);
}
