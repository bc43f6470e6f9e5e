import { describe, expect, it } from "vitest";
import {
  accountKey,
  CHANGE_CHAIN,
  DerivationChain,
  deriveAddress,
  derivePublicKey,
  isValidAddress,
  isValidMnemonic,
  RECEIVE_CHAIN,
} from "./keys.js";

// The test vectors of BIP84 itself.
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

describe("BIP84 derivation", () => {
  it("matches the BIP84 test vectors on mainnet", () => {
    const account = accountKey(MNEMONIC, "mainnet");
    expect(account.publicExtendedKey).toBe(
      "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V",
    );
    expect(deriveAddress(account, "mainnet", RECEIVE_CHAIN, 0)).toBe(
      "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    );
    expect(deriveAddress(account, "mainnet", RECEIVE_CHAIN, 1)).toBe(
      "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
    );
    expect(deriveAddress(account, "mainnet", CHANGE_CHAIN, 0)).toBe(
      "bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el",
    );
  });

  it("uses coin type 1 and the network's prefix elsewhere", () => {
    expect(deriveAddress(accountKey(MNEMONIC, "testnet"), "testnet", RECEIVE_CHAIN, 0)).toMatch(/^tb1q/);
    expect(deriveAddress(accountKey(MNEMONIC, "regtest"), "regtest", RECEIVE_CHAIN, 0)).toMatch(/^bcrt1q/);
  });

  it("refuses an invalid mnemonic", () => {
    expect(isValidMnemonic(MNEMONIC)).toBe(true);
    expect(isValidMnemonic(MNEMONIC.replace("about", "abandon"))).toBe(false);
    expect(() => accountKey("not a mnemonic", "mainnet")).toThrow(/not a valid BIP39/);
  });
});

describe("address validation", () => {
  it("accepts valid addresses for the right network only", () => {
    const mainnet = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
    expect(isValidAddress(mainnet, "mainnet")).toBe(true);
    expect(isValidAddress(mainnet, "regtest")).toBe(false);
    expect(isValidAddress("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "mainnet")).toBe(true);
    expect(isValidAddress("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "mainnet")).toBe(true);
  });

  it("refuses typos and look-alikes", () => {
    expect(isValidAddress("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv", "mainnet")).toBe(false);
    expect(isValidAddress("alice", "mainnet")).toBe(false);
    expect(isValidAddress("", "mainnet")).toBe(false);
  });
});

describe("public derivation of a chain's addresses", () => {
  it("derives the same keys as private derivation, and the BIP84 test vector", () => {
    const account = accountKey(MNEMONIC, "mainnet");
    const receive = new DerivationChain(account, RECEIVE_CHAIN);
    const change = new DerivationChain(account, CHANGE_CHAIN);
    for (const index of [0, 1, 2, 17, 1000, 2 ** 31 - 1]) {
      expect(receive.publicKey(index)).toEqual(derivePublicKey(account, RECEIVE_CHAIN, index));
      expect(change.publicKey(index)).toEqual(derivePublicKey(account, CHANGE_CHAIN, index));
    }
    expect(Buffer.from(receive.publicKey(0)).toString("hex")).toBe(
      "0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c",
    );
    expect(() => receive.publicKey(2 ** 31)).toThrow(RangeError);
    expect(() => receive.publicKey(-1)).toThrow(RangeError);
  });
});
