import { describe, expect, it } from "vitest";
import { parseRecipient } from "../domain/recipient.js";
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
import { addressChecker } from "./wallet-keys.js";

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

describe("a typed address in capitals or mixed case (BIP-173 and BIP-350 vectors)", () => {
  const read = (text: string, network: "mainnet" | "testnet") =>
    parseRecipient(text, addressChecker(network));

  it("takes an address all in capitals or all in lower case, canonical in lower case", () => {
    const valid = [
      ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "mainnet"],
      ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "testnet"],
      ["tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy", "testnet"],
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "mainnet"],
      ["tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", "testnet"],
    ] as const;
    for (const [address, network] of valid) {
      const lower = address.toLowerCase();
      expect(read(address, network), address).toEqual({ kind: "address", address: lower });
      expect(read(lower.toUpperCase(), network), address).toEqual({ kind: "address", address: lower });
    }
  });

  it("refuses mixed case as it refuses a bad checksum", () => {
    const invalid = [
      // BIP-173's and BIP-350's own "mixed case" vectors.
      ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7", "testnet"],
      ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "testnet"],
      // Valid addresses with one letter's case changed, at the start, inside and in the checksum.
      ["Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "mainnet"],
      ["bc1qw508d6qejxtdg4y5r3zarvaRy0c5xw7kv8f3t4", "mainnet"],
      ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3t4", "mainnet"],
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jJ0", "mainnet"],
      // A bad checksum, for comparison.
      ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "mainnet"],
    ] as const;
    for (const [address, network] of invalid) {
      expect(read(address, network), address).toEqual({ kind: "invalid-address" });
    }
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
