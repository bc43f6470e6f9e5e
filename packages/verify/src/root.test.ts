import { schnorr } from "@noble/curves/secp256k1.js";
import { describe, expect, it } from "vitest";
import { fromHex, toHex } from "./bytes.js";
import { type EpochRoot, rootMessage, signRoot, verifyRootSignature } from "./root.js";

const root: EpochRoot = {
  epoch: 42n,
  rootHash: fromHex("1060284fe0c6b4cee6be9efc7189e94445ca2a9db45899b875f0865598b3b7f6", "root", 32),
  total: 2_100_000_150_746_001n,
  leafCount: 5n,
  ledgerPosition: 1234n,
  blockHeight: 1234n,
  blockHash: fromHex("0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206", "block", 32),
  time: 1_795_000_000n,
};
const privateKey = new Uint8Array(32).fill(7);
const publicKey = schnorr.getPublicKey(privateKey);

describe("the signed root", () => {
  it("signs the documented message, and the signature verifies with the bank's key only", () => {
    const signature = signRoot(root, privateKey);
    expect(signature).toHaveLength(64);
    expect(verifyRootSignature(root, signature, publicKey)).toBe(true);
    const other = schnorr.getPublicKey(new Uint8Array(32).fill(8));
    expect(verifyRootSignature(root, signature, other)).toBe(false);
    // The known-answer vector of docs/proof-of-reserves.md ("The signed root").
    expect(toHex(rootMessage(root))).toBe("adf6d867782fb0f22f43e5d2f3622733345bc80ff175f73782d32f8e3e1b0897");
  });

  it("fails when any stated fact changes", () => {
    const signature = signRoot(root, privateKey);
    const changes: Partial<EpochRoot>[] = [
      { epoch: 43n },
      { total: root.total - 1n },
      { leafCount: 4n },
      { ledgerPosition: 1235n },
      { blockHeight: 1233n },
      { time: root.time + 1n },
      { rootHash: new Uint8Array(32) },
      { blockHash: new Uint8Array(32) },
    ];
    for (const change of changes) {
      expect(
        verifyRootSignature({ ...root, ...change }, signature, publicKey),
        JSON.stringify(Object.keys(change)),
      ).toBe(false);
    }
  });

  it("answers false, never throws, for a malformed signature or key", () => {
    expect(verifyRootSignature(root, new Uint8Array(63), publicKey)).toBe(false);
    expect(verifyRootSignature(root, new Uint8Array(64), new Uint8Array(32))).toBe(false);
  });
});
