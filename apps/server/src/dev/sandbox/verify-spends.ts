import { OutScript, type Transaction } from "@scure/btc-signer";
import { checkKeyHashSpend, type KeyHashSpendFailure } from "../../bitcoin/p2wpkh.js";

/** The output an input spends: its script and amount (what a signature commits to). */
export interface Prevout {
  script: Uint8Array;
  amount: bigint;
}

/** Bitcoin Core's words for each way a P2WPKH spend fails. */
const CORE_REASONS: Record<KeyHashSpendFailure, string> = {
  witness: "mandatory-script-verify-flag-failed (Witness program was passed an empty witness)",
  program: "mandatory-script-verify-flag-failed (Witness program hash mismatch)",
  sighash: "mandatory-script-verify-flag-failed (unsupported sighash type)",
  signature:
    "mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)",
};

/**
 * Checks every input's signature against the output it spends, as a node's script check would for
 * P2WPKH (BIP143 sighash, DER signature with low S, the public key hashing to the program). Other
 * script types are refused: the sandbox holds P2WPKH coins only (the bank's and the faucet's).
 * Answers null when every spend is signed, else Bitcoin Core's reason text.
 */
export function verifySpends(tx: Transaction, prevouts: readonly Prevout[]): string | null {
  for (let i = 0; i < tx.inputsLength; i++) {
    const prevout = prevouts[i];
    if (prevout === undefined) return "bad-txns-inputs-missingorspent";
    const spent = OutScript.decode(prevout.script);
    if (spent.type !== "wpkh") return "non-mandatory-script-verify-flag (unsupported script type)";
    const failure = checkKeyHashSpend(
      tx,
      i,
      tx.getInput(i).finalScriptWitness ?? [],
      spent.hash,
      prevout.amount,
    );
    if (failure !== null) return CORE_REASONS[failure];
  }
  return null;
}
