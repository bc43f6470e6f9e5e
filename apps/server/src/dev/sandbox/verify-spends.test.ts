import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh, Transaction } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { verifySpends } from "./verify-spends.js";

const REGTEST = { bech32: "bcrt", pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
const key = secp256k1.utils.randomSecretKey();
const other = secp256k1.utils.randomSecretKey();
const payment = p2wpkh(secp256k1.getPublicKey(key, true), REGTEST);
const prevout = { script: payment.script, amount: 10_000n };

function spend(signWith: Uint8Array, amount = prevout.amount) {
  const tx = new Transaction();
  tx.addInput({ txid: "ab".repeat(32), index: 0, witnessUtxo: { script: prevout.script, amount } });
  tx.addOutputAddress(payment.address as string, 9_000n, REGTEST);
  tx.sign(signWith);
  tx.finalize();
  return Transaction.fromRaw(tx.extract(), { allowUnknownOutputs: true });
}

describe("verifySpends", () => {
  it("accepts a P2WPKH spend signed by the key its output names", () => {
    expect(verifySpends(spend(key), [prevout])).toBeNull();
  });

  it("refuses a spend signed by another key, or signed for another amount", () => {
    expect(() => spend(other)).toThrow(); // btc-signer itself will not sign with a key that does not match
    expect(verifySpends(spend(key, 20_000n), [prevout])).toMatch(/mandatory-script-verify-flag-failed/);
  });

  it("refuses an input whose output is unknown", () => {
    expect(verifySpends(spend(key), [])).toBe("bad-txns-inputs-missingorspent");
  });
});
