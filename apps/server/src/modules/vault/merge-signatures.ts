import { vaultTexts } from "@satsbank/shared";
import type { Transaction } from "@scure/btc-signer";
import { equalBytes } from "../../bitcoin/script-bytes.js";
import { validVaultSignatures } from "../../bitcoin/vault/index.js";
import { AppError } from "../../domain/app-error.js";
import type { RefillInput } from "./refill-psbt.js";

// What an uploaded PSBT adds to a refill: the signatures in it that verify for the refill's own
// transaction, by the vault's keys, copied into the PSBT the server keeps. Nothing else of the upload is
// taken: its inputs' scripts and amounts, its outputs, its other fields are the server's own already.

export type Added = { input: number; key: number };
export type Ignored = { input: number; reason: string };
export type MergeVerdict = { added: Added[]; ignored: Ignored[] };

type Candidate = [publicKey: Uint8Array, signature: Uint8Array];

/**
 * The signatures an uploaded input offers: its partial signatures, or, when the signer finalised it (a
 * wallet holding two of the keys may), each signature of its final witness with each key of the script.
 */
function candidates(uploaded: Transaction, index: number, input: RefillInput): Candidate[] {
  const found = uploaded.getInput(index);
  const partial = (found.partialSig ?? []).map(([key, sig]): Candidate => [key, sig]);
  const witness = found.finalScriptWitness ?? [];
  // P2WSH multisig: [empty, signature..., witness script].
  const signatures = witness.slice(1, -1).filter((item) => item.length > 0);
  const final = signatures.flatMap((sig) => input.output.keys.map((key): Candidate => [key.publicKey, sig]));
  return [...partial, ...final];
}

const short = (bytes: Uint8Array) => `${Buffer.from(bytes).toString("hex").slice(0, 16)}…`;

/** The uploaded PSBT, when it is not this refill's transaction spending this vault's coins: the refusal. */
export function refuseForeignPsbt(
  uploaded: Transaction,
  txid: string,
  inputs: readonly (RefillInput | null)[],
): void {
  let id: string;
  try {
    id = uploaded.id;
  } catch {
    throw new AppError("BAD_REQUEST", vaultTexts.notPsbt);
  }
  if (id !== txid || uploaded.inputsLength !== inputs.length) {
    throw new AppError("BAD_REQUEST", vaultTexts.otherTransaction);
  }
  inputs.forEach((input, i) => {
    if (input === null) return;
    const found = uploaded.getInput(i);
    // A signer may leave a field out; one it gives must be this vault's.
    const claims = found.witnessScript !== undefined || found.witnessUtxo !== undefined;
    const scriptsMatch =
      (found.witnessScript === undefined || equalBytes(found.witnessScript, input.output.witnessScript)) &&
      (found.witnessUtxo === undefined || equalBytes(found.witnessUtxo.script, input.output.script));
    const finalScript = found.finalScriptWitness?.at(-1);
    const finalMatches = finalScript === undefined || equalBytes(finalScript, input.output.witnessScript);
    if ((claims && !scriptsMatch) || !finalMatches)
      throw new AppError("BAD_REQUEST", vaultTexts.otherDescriptor(i));
  });
}

/**
 * Copies into `stored` (the refill's PSBT as the server keeps it) every signature of `uploaded` that
 * validVaultSignatures accepts for the refill's transaction (SIGHASH_ALL over the BIP143 digest of the
 * vault's witness script, by one of the input's three vault keys); answers what it added and what it did
 * not count, and why. Refused (400) when the upload is another transaction, names another descriptor's
 * scripts, or carries no valid vault signature at all (a foreign key's signature never counts).
 */
export function mergeSignatures({
  stored,
  scratch,
  txid,
  inputs,
  uploaded,
}: {
  stored: Transaction;
  /** The refill's unsigned PSBT, parsed: each candidate is checked on it alone. */
  scratch: Transaction;
  txid: string;
  /** Each input's vault coin; null for an input that is not the vault's (a reserves proof's others). */
  inputs: readonly (RefillInput | null)[];
  uploaded: Transaction;
}): MergeVerdict {
  refuseForeignPsbt(uploaded, txid, inputs);
  const verdict: MergeVerdict = { added: [], ignored: [] };
  let valid = 0;
  inputs.forEach((input, i) => {
    if (input === null) return;
    const known = validVaultSignatures(stored, i, input.output);
    const seen = new Set<string>();
    for (const [publicKey, signature] of candidates(uploaded, i, input)) {
      const key = input.output.keys.find((k) => equalBytes(k.publicKey, publicKey));
      if (key === undefined) {
        verdict.ignored.push({
          input: i,
          reason: `a signature by ${short(publicKey)}, which is not one of the vault's keys`,
        });
        continue;
      }
      if (seen.has(String(key.keyNumber))) continue;
      // The candidate alone on the refill's own transaction: only its signature is asked about.
      scratch.updateInput(i, { partialSig: [[publicKey, signature]] }, true);
      const verifies = validVaultSignatures(scratch, i, input.output).some(
        (k) => k.keyNumber === key.keyNumber,
      );
      scratch.updateInput(i, { partialSig: undefined }, true);
      if (!verifies) {
        // A finalised witness pairs each signature with every key: only the pairings that verify count.
        if ((uploaded.getInput(i).partialSig ?? []).some(([k]) => equalBytes(k, publicKey))) {
          verdict.ignored.push({
            input: i,
            reason: `a signature by key ${key.keyNumber} that does not verify for this transaction`,
          });
        }
        continue;
      }
      seen.add(String(key.keyNumber));
      valid += 1;
      if (known.some((k) => k.keyNumber === key.keyNumber)) continue;
      stored.updateInput(i, { partialSig: [[publicKey, signature]] }, true);
      verdict.added.push({ input: i, key: key.keyNumber });
    }
  });
  if (valid === 0) throw new AppError("BAD_REQUEST", vaultTexts.noValidSignature);
  return verdict;
}
