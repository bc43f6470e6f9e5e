import { p2wpkh, SigHash, Transaction } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { networkParams } from "./network.js";
import { p2wpkhDigests, signP2wpkhInputs } from "./p2wpkh-signing.js";
import { deriveWalletKeys } from "./wallet-keys.js";

const keys = deriveWalletKeys(
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  "regtest",
);
const regtest = networkParams.regtest.params;

/** A transaction spending `n` P2WPKH coins of the wallet to two outputs, unsigned, and the coins' keys. */
function unsigned(n: number) {
  const tx = new Transaction();
  const signers = [];
  const amounts = [];
  for (let i = 0; i < n; i++) {
    const key = keys.account.deriveChild(i % 2).deriveChild(i);
    if (!key.privateKey || !key.publicKey) throw new Error("no key");
    const amount = 10_000n * BigInt(i + 1);
    tx.addInput({
      txid: (i + 7).toString(16).padStart(2, "0").repeat(32),
      index: i % 3,
      witnessUtxo: { script: p2wpkh(key.publicKey, regtest).script, amount },
    });
    signers.push({ privateKey: key.privateKey, publicKey: key.publicKey });
    amounts.push(amount);
  }
  tx.addOutputAddress("bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080", 5_000n, regtest);
  const change = keys.account.deriveChild(1).deriveChild(99).publicKey as Uint8Array;
  tx.addOutput({ script: p2wpkh(change, regtest).script, amount: 3_000n });
  return { tx, signers, amounts };
}

describe("signP2wpkhInputs", () => {
  it("computes the BIP143 digests btc-signer computes, input by input", () => {
    const { tx, signers, amounts } = unsigned(5);
    const digests = p2wpkhDigests(
      tx,
      signers.map((s) => s.publicKey),
      amounts,
    );
    digests.forEach((digest, i) => {
      const script = p2wpkh(signers[i]?.publicKey as Uint8Array).script;
      const code = new Uint8Array([0x76, 0xa9, 0x14, ...script.subarray(2), 0x88, 0xac]);
      expect(Buffer.from(digest).toString("hex")).toBe(
        Buffer.from(tx.preimageWitnessV0(i, code, SigHash.ALL, amounts[i] as bigint)).toString("hex"),
      );
    });
  });

  it("signs and finalises to the very bytes btc-signer's signIdx and finalize make", () => {
    const ours = unsigned(4);
    signP2wpkhInputs(ours.tx, ours.signers, ours.amounts);
    const theirs = unsigned(4);
    for (const [i, signer] of theirs.signers.entries()) theirs.tx.signIdx(signer.privateKey, i);
    theirs.tx.finalize();
    expect(ours.tx.isFinal).toBe(true);
    expect(ours.tx.hex).toBe(theirs.tx.hex);
  });
});
