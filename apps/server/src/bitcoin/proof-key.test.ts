import { schnorr } from "@noble/curves/secp256k1.js";
import { type EpochRoot, verifyReceiptSignature, verifyRootSignature } from "@satsbank/verify";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { describe, expect, it } from "vitest";
import { TEST_WALLET_MNEMONIC } from "../test/test-config.js";
import { deriveProofKey, PROOF_KEY_PATH } from "./proof-key.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const root: EpochRoot = {
  epoch: 1n,
  rootHash: new Uint8Array(32).fill(1),
  total: 5n,
  leafCount: 1n,
  ledgerPosition: 9n,
  blockHeight: 101n,
  blockHash: new Uint8Array(32).fill(2),
  time: 1_800_000_000n,
};

describe("the proof-of-reserves key", () => {
  it("is the seed's key at m/7731'/0', and signs roots its public key verifies", () => {
    expect(PROOF_KEY_PATH).toBe("m/7731'/0'");
    const key = deriveProofKey(TEST_WALLET_MNEMONIC);
    const node = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_WALLET_MNEMONIC)).derive("m/7731'/0'");
    expect(hex(key.publicKey)).toBe(hex(schnorr.getPublicKey(node.privateKey as Uint8Array)));
    // The value docs/proof-of-reserves.md gives for the test mnemonic.
    expect(hex(key.publicKey)).toBe("45cc245b1883d6bc854e4fb9071ba8140865145eb41c5194cc5f8677b58a236c");
    expect(verifyRootSignature(root, key.signRoot(root), key.publicKey)).toBe(true);
  });

  it("signs customers' receipts with the same key", () => {
    const key = deriveProofKey(TEST_WALLET_MNEMONIC);
    const facts = {
      transactionId: new Uint8Array(16).fill(3),
      accountId: 4n,
      type: "receive",
      amount: 5_000n,
      fee: 0n,
      balanceAfter: 12_000n,
      time: 1_800_000_000n,
      ledgerPosition: 9n,
    };
    expect(verifyReceiptSignature(facts, key.signReceipt(facts), key.publicKey)).toBe(true);
    expect(
      verifyReceiptSignature({ ...facts, balanceAfter: 12_001n }, key.signReceipt(facts), key.publicKey),
    ).toBe(false);
  });

  it("is not the wallet's account key, and another seed gives another key", () => {
    const key = deriveProofKey(TEST_WALLET_MNEMONIC);
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_WALLET_MNEMONIC)).derive("m/84'/1'/0'");
    expect(hex(key.publicKey)).not.toBe(hex((account.publicKey as Uint8Array).slice(1)));
    const other = deriveProofKey("zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong");
    expect(hex(other.publicKey)).not.toBe(hex(key.publicKey));
  });
});
