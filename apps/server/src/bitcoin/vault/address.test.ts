import { NETWORK, p2ms, p2sh, p2wsh } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { networkParams } from "../network.js";
import { describeChildKey, sortedMultisigScript, vaultAddress, vaultOutput } from "./address.js";
import { withChecksum } from "./checksum.js";
import { parseVaultDescriptor } from "./descriptor.js";
import {
  BIP67_VECTORS,
  BIP383_SORTEDMULTI,
  CORE_ACCOUNT_XPUB,
  CORE_CHANGE_XPUB,
  CORE_MULTI_ADDRESSES,
  KEEPER_FIRST_RECEIVE,
  KEEPER_VAULT,
} from "./fixtures/published-vectors.js";
import { holderDescriptor, holderKeyFiles } from "./fixtures/vault-keys.js";
import { deriveExpression, parseKeyExpression } from "./key-expression.js";
import { keyFileExpression } from "./key-file.js";

const hex = {
  encode: (bytes: Uint8Array) => Buffer.from(bytes).toString("hex"),
  decode: (text: string) => new Uint8Array(Buffer.from(text, "hex")),
};

const regtest = networkParams.regtest.params;

describe("vault addresses: published vectors", () => {
  it("derives the first receive address of a published 2-of-3 wsh(sortedmulti()) (Bitcoin Keeper's tests)", () => {
    const vault = parseVaultDescriptor(KEEPER_VAULT, "testnet");
    expect(vaultAddress(vault, "receive", 0)).toBe(KEEPER_FIRST_RECEIVE);
    const output = vaultOutput(vault, "receive", 0);
    // The script's order is the derived keys' (BIP-67), not the descriptor's.
    expect(output.keys.map(describeChildKey)).toEqual([
      "ae6e3031/48h/1h/0h/2h/0/0",
      "c7d9eaf5/48h/1h/0h/2h/0/0",
      "4192760b/48h/1h/0h/2h/0/0",
    ]);
    expect(output.keys.map((key) => key.keyNumber)).toEqual([2, 3, 1]);
    expect(hex.encode(output.script)).toBe(
      hex.encode(p2wsh({ type: "ms", script: output.witnessScript }, networkParams.testnet.params).script),
    );
  });

  // Bitcoin Core's wallet_importdescriptors.py: wsh(multi(2,acc1/*,acc2/*,acc3/*)) and its change descriptor.
  it("derives Bitcoin Core's 2-of-3 P2WSH addresses from the same tpubs (multi: keys in written order)", () => {
    for (const [chain, index, address] of CORE_MULTI_ADDRESSES) {
      const xpubs = chain === "receive" ? CORE_ACCOUNT_XPUB : CORE_CHANGE_XPUB;
      const keys = xpubs.map((xpub) => deriveExpression(parseKeyExpression(`${xpub}/*`), index).publicKey);
      const multi = p2wsh(p2ms(2, keys as Uint8Array[]), regtest);
      expect(multi.address).toBe(address);
      // At receive index 1 Core's keys happen to be in sorted order: sortedmulti() gives the same address.
      const sorted = p2wsh({ type: "ms", script: sortedMultisigScript(2, keys as Uint8Array[]) }, regtest);
      expect(sorted.address === address).toBe(chain === "receive" && index === 1);
    }
  });

  it("builds BIP-383's sortedmulti() scripts (Bitcoin Core's descriptor_tests.cpp)", () => {
    const expressions = BIP383_SORTEDMULTI.keys.map((text) => parseKeyExpression(text));
    BIP383_SORTEDMULTI.scripts.forEach((script, index) => {
      const keys = expressions.map(
        (expression) => deriveExpression(expression, index).publicKey as Uint8Array,
      );
      expect(hex.encode(sortedMultisigScript(2, keys))).toBe(script);
      expect(hex.encode(sortedMultisigScript(2, [...keys].reverse()))).toBe(script);
    });
  });

  it("sorts keys as BIP-67's vectors do", () => {
    for (const vector of BIP67_VECTORS) {
      const script = sortedMultisigScript(
        2,
        vector.keys.map((key) => hex.decode(key)),
      );
      expect(hex.encode(script)).toBe(vector.script);
      expect(p2sh({ type: "ms", script }, NETWORK).address).toBe(vector.address);
    }
  });
});

describe("vaultOutput", () => {
  const vault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");
  const files = holderKeyFiles("regtest");

  it("is P2WSH of the 2-of-3 of the three keys' children at chain/index, with each key's derivation", () => {
    const output = vaultOutput(vault, "change", 7);
    expect(output.address).toMatch(/^bcrt1q[a-z0-9]{58}$/);
    expect(output.keys).toHaveLength(3);
    for (const key of output.keys) {
      const file = files[key.keyNumber - 1];
      if (file === undefined) throw new Error("no key file");
      // What a signer derives from its master with the PSBT's fingerprint and path.
      expect(describeChildKey(key)).toBe(`${file.fingerprint}/48h/1h/0h/2h/1/7`);
    }
    const sorted = [...output.keys].map((key) => hex.encode(key.publicKey));
    expect(sorted).toEqual([...sorted].sort());
    expect(hex.encode(output.witnessScript)).toBe(
      hex.encode(
        sortedMultisigScript(
          2,
          output.keys.map((key) => key.publicKey),
        ),
      ),
    );
  });

  it("derives the receive and change chains apart, and the same address each time", () => {
    expect(vaultAddress(vault, "receive", 0)).not.toBe(vaultAddress(vault, "change", 0));
    expect(vaultAddress(vault, "receive", 0)).not.toBe(vaultAddress(vault, "receive", 1));
    expect(vaultAddress(vault, "receive", 3)).toBe(vaultAddress(vault, "receive", 3));
  });

  it("gives the same addresses whatever the order the descriptor lists the keys in (sortedmulti)", () => {
    const [k1, k2, k3] = files.map(keyFileExpression);
    const reordered = parseVaultDescriptor(withChecksum(`wsh(sortedmulti(2,${k3},${k1},${k2}))`), "regtest");
    expect(vaultAddress(reordered, "receive", 5)).toBe(vaultAddress(vault, "receive", 5));
  });

  it("has only a receive chain with /0/* keys, only a change chain with /1/* keys", () => {
    const receiveOnly = parseVaultDescriptor(holderDescriptor("regtest", "0/*"), "regtest");
    expect(receiveOnly.chains).toEqual(["receive"]);
    expect(vaultAddress(receiveOnly, "receive", 4)).toBe(vaultAddress(vault, "receive", 4));
    expect(() => vaultAddress(receiveOnly, "change", 0)).toThrow(
      "The cold vault's descriptor has only a receive chain (its keys end in /0/*): no change addresses; write the keys as /<0;1>/* for both",
    );
    const changeOnly = parseVaultDescriptor(holderDescriptor("regtest", "1/*"), "regtest");
    expect(changeOnly.chains).toEqual(["change"]);
    expect(vaultAddress(changeOnly, "change", 4)).toBe(vaultAddress(vault, "change", 4));
    expect(() => vaultAddress(changeOnly, "receive", 0)).toThrow(/only a change chain/);
  });

  it("pays bc1 addresses on mainnet and tb1 on testnet and signet", () => {
    expect(vaultAddress(parseVaultDescriptor(holderDescriptor("mainnet"), "mainnet"), "receive", 0)).toMatch(
      /^bc1q/,
    );
    expect(vaultAddress(parseVaultDescriptor(holderDescriptor("signet"), "signet"), "receive", 0)).toMatch(
      /^tb1q/,
    );
  });

  it("refuses an index out of BIP32's non-hardened range", () => {
    expect(() => vaultAddress(vault, "receive", -1)).toThrow(RangeError);
    expect(() => vaultAddress(vault, "receive", 0x8000_0000)).toThrow(RangeError);
  });
});
