import { secp256k1 } from "@noble/curves/secp256k1.js";
import { MIN_WITHDRAWAL_SATS } from "@satsbank/shared";
import { OutScript, p2pk, p2pkh, p2sh, p2tr, p2wpkh, p2wsh } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { dustLimitOf } from "./dust.js";

const key = secp256k1.getPublicKey(new Uint8Array(32).fill(9), true);

describe("dustLimitOf", () => {
  // Bitcoin Core's GetDustThreshold at its default dust relay fee (3,000 sat/kvB), per output type.
  it("is each address type's own dust limit, as Bitcoin Core computes it", () => {
    expect(dustLimitOf(p2pkh(key).script)).toBe(546n);
    expect(dustLimitOf(p2sh(p2wpkh(key)).script)).toBe(540n);
    expect(dustLimitOf(p2wpkh(key).script)).toBe(294n);
    expect(dustLimitOf(p2wsh(p2pk(key)).script)).toBe(330n);
    expect(dustLimitOf(p2tr(key.subarray(1)).script)).toBe(330n);
  });

  it("counts any other witness version as a witness program, and any other script as legacy", () => {
    // A version 2 witness program of 2 bytes: (8 + 1 + 4 + 67) x 3.
    expect(dustLimitOf(OutScript.encode({ type: "unknown", script: Uint8Array.of(0x52, 2, 1, 2) }))).toBe(
      240n,
    );
    // A bare P2PK output (35-byte script): (8 + 1 + 35 + 148) x 3.
    expect(dustLimitOf(p2pk(key).script)).toBe(576n);
  });

  it("is never below the least a withdrawal may send (the database's floor), and P2WPKH's is that", () => {
    const withdrawable = [
      p2pkh(key),
      p2sh(p2wpkh(key)),
      p2wpkh(key),
      p2wsh(p2pk(key)),
      p2tr(key.subarray(1)),
    ];
    const limits = withdrawable.map((payment) => dustLimitOf(payment.script));
    expect(limits).toContain(MIN_WITHDRAWAL_SATS);
    expect(limits.every((limit) => limit >= MIN_WITHDRAWAL_SATS)).toBe(true);
  });
});
