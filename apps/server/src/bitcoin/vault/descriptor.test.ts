import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import { withChecksum } from "./checksum.js";
import { parseVaultDescriptor, VaultDescriptorError } from "./descriptor.js";
import { KEEPER_VAULT } from "./fixtures/published-vectors.js";
import { FOREIGN_MNEMONIC, fixtureKeyFile, holderDescriptor, holderKeyFiles } from "./fixtures/vault-keys.js";
import { extendedKeyVersions } from "./key-expression.js";
import { keyFileExpression, keyFileMaster } from "./key-file.js";

const [file1, file2, file3] = holderKeyFiles("regtest");
const [k1, k2, k3] = [file1, file2, file3].map(keyFileExpression) as [string, string, string];
const vaultOf = (keys: readonly string[], threshold = 2) =>
  withChecksum(`wsh(sortedmulti(${threshold},${keys.join(",")}))`);

function refusal(
  descriptor: string,
  network: "mainnet" | "testnet" | "signet" | "regtest" = "regtest",
): string {
  try {
    parseVaultDescriptor(descriptor, network);
  } catch (error) {
    expect(error).toBeInstanceOf(VaultDescriptorError);
    const message = (error as Error).message;
    expect(message).toContain("COLD_VAULT_DESCRIPTOR");
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected parseVaultDescriptor to refuse");
}

describe("parseVaultDescriptor: what it accepts", () => {
  it("reads a 2-of-3 wsh(sortedmulti()) with origins and multipath keys", () => {
    const vault = parseVaultDescriptor(`  ${vaultOf([k1, k2, k3])}\n`, "regtest");
    expect(vault.descriptor).toBe(vaultOf([k1, k2, k3]));
    expect(vault.threshold).toBe(2);
    expect(vault.chains).toEqual(["receive", "change"]);
    expect(vault.keys.map((key) => key.number)).toEqual([1, 2, 3]);
    expect(vault.keys[0].origin).toEqual({
      fingerprint: Number.parseInt(file1?.fingerprint ?? "", 16),
      path: [0x8000_0030, 0x8000_0001, 0x8000_0000, 0x8000_0002],
    });
    expect(vault.keys[1].xpub.publicExtendedKey).toBe(file2?.accountXpub);
    expect(vault.keys[2].xpub.privateKey).toBeNull();
  });

  it("reads ' as h, uppercase fingerprints, and keys written without an origin", () => {
    const apostrophes = [k1, k2, k3].map((key) =>
      key.replace(/^\[[^\]]*\]/, (origin) => origin.replaceAll("h", "'")),
    );
    expect(parseVaultDescriptor(vaultOf(apostrophes), "regtest").keys[0].origin.path).toHaveLength(4);
    expect(parseVaultDescriptor(KEEPER_VAULT, "testnet").keys[0].origin.fingerprint).toBe(0x4192760b);
    // No origin: the key's own fingerprint and an empty path (as Bitcoin Core reads it).
    const bare = parseVaultDescriptor(vaultOf([k1.replace(/^\[[^\]]*\]/, ""), k2, k3]), "regtest");
    expect(bare.keys[0].origin).toEqual({ fingerprint: bare.keys[0].xpub.fingerprint, path: [] });
  });

  it("takes tpub keys on testnet, signet and regtest, xpub keys on mainnet", () => {
    for (const network of ["testnet", "signet", "regtest"] as const) {
      expect(parseVaultDescriptor(holderDescriptor(network), network).network).toBe(network);
    }
    expect(parseVaultDescriptor(holderDescriptor("mainnet"), "mainnet").keys[0].extendedKey).toMatch(/^xpub/);
  });
});

describe("parseVaultDescriptor: what it refuses, in one line naming COLD_VAULT_DESCRIPTOR", () => {
  const good = vaultOf([k1, k2, k3]);

  it("refuses a missing, malformed or wrong checksum", () => {
    expect(refusal(good.split("#")[0] ?? "")).toMatch(
      /^COLD_VAULT_DESCRIPTOR has no checksum: end it with #/,
    );
    expect(refusal(`${good}x`)).toBe("COLD_VAULT_DESCRIPTOR's checksum must be the 8 characters after '#'");
    expect(refusal(good.replace("/<0;1>/*", "/<1;0>/*"))).toBe(
      "COLD_VAULT_DESCRIPTOR's checksum does not match: the descriptor was changed or mistyped (copy it whole)",
    );
    expect(refusal(`${good.split("#")[0]}é#aaaaaaaa`)).toBe(
      "COLD_VAULT_DESCRIPTOR holds a character no descriptor may hold",
    );
    expect(refusal("  ")).toBe("COLD_VAULT_DESCRIPTOR is empty");
  });

  it("refuses anything but wsh(sortedmulti())", () => {
    expect(refusal(withChecksum(`wsh(multi(2,${k1},${k2},${k3}))`))).toBe(
      "COLD_VAULT_DESCRIPTOR must be a 2-of-3 sortedmulti inside wsh(): wsh(sortedmulti(2,KEY1,KEY2,KEY3))#checksum (multi() keeps the keys' order; sortedmulti() sorts them, BIP-67)",
    );
    for (const body of [
      `sh(wsh(sortedmulti(2,${k1},${k2},${k3})))`,
      `sh(sortedmulti(2,${k1},${k2},${k3}))`,
      `tr(${k1})`,
      `wpkh(${k1})`,
      `wsh(sortedmulti(2,${k1},${k2},${k3})`,
    ]) {
      expect(refusal(withChecksum(body))).toMatch(
        /^COLD_VAULT_DESCRIPTOR must be a 2-of-3 sortedmulti inside wsh\(\)/,
      );
    }
    expect(refusal(withChecksum("wsh(sortedmulti(two,a,b,c))"))).toBe(
      "COLD_VAULT_DESCRIPTOR must be wsh(sortedmulti(2,KEY1,KEY2,KEY3))#checksum",
    );
  });

  it("refuses a threshold other than 2 and a key count other than 3", () => {
    expect(refusal(vaultOf([k1, k2, k3], 1))).toBe(
      "COLD_VAULT_DESCRIPTOR must be a 2-of-3 sortedmulti (got 1-of-3)",
    );
    expect(refusal(vaultOf([k1, k2, k3], 3))).toBe(
      "COLD_VAULT_DESCRIPTOR must be a 2-of-3 sortedmulti (got 3-of-3)",
    );
    expect(refusal(vaultOf([k1, k2]))).toBe(
      "COLD_VAULT_DESCRIPTOR must be a 2-of-3 sortedmulti (got 2-of-2)",
    );
    const foreign = keyFileExpression(fixtureKeyFile("regtest", FOREIGN_MNEMONIC));
    expect(refusal(vaultOf([k1, k2, k3, foreign]))).toBe(
      "COLD_VAULT_DESCRIPTOR must be a 2-of-3 sortedmulti (got 2-of-4)",
    );
  });

  it("refuses a key of another network", () => {
    expect(refusal(holderDescriptor("mainnet"), "regtest")).toBe(
      "COLD_VAULT_DESCRIPTOR key 1 is an xpub (mainnet): BITCOIN_NETWORK=regtest takes tpub keys",
    );
    expect(refusal(holderDescriptor("testnet"), "mainnet")).toBe(
      "COLD_VAULT_DESCRIPTOR key 1 is a tpub (a test network): BITCOIN_NETWORK=mainnet takes xpub keys",
    );
  });

  it("refuses a private key: the server never holds a cold private key", () => {
    if (file2 === undefined) throw new Error("no key file");
    const account = keyFileMaster(file2).derive(file2.accountPath);
    const tprv = k2.replace(file2.accountXpub, account.privateExtendedKey);
    expect(refusal(vaultOf([k1, tprv, k3]))).toBe(
      "COLD_VAULT_DESCRIPTOR must hold only public keys: the server never holds a cold private key (key 2 is a tprv)",
    );
    // Said first, whatever else is wrong: here a checksum broken by an edit, and no checksum at all.
    expect(refusal(vaultOf([k1, tprv, k3]).replace("/<0;1>/*", "/<1;0>/*"))).toMatch(/\(key 2 is a tprv\)$/);
    expect(refusal(`sh(wsh(multi(2,${tprv},${k1})))`)).toBe(
      "COLD_VAULT_DESCRIPTOR must hold only public keys: the server never holds a cold private key (it holds a tprv)",
    );
    const wif = "cVpF924EspNh8KjYsfhgY96mmxvT6DgdWiTYMtMjuM74hJaU5psW";
    expect(refusal(vaultOf([k1, k2, wif]))).toBe(
      "COLD_VAULT_DESCRIPTOR must hold only public keys: the server never holds a cold private key (key 3 is a private key)",
    );
  });

  it("refuses the same key twice", () => {
    expect(refusal(vaultOf([k1, k2, k1]))).toBe(
      "COLD_VAULT_DESCRIPTOR key 1 and key 3 are the same key: a 2-of-3 needs three different keys",
    );
    // The same key under another origin is still the same key.
    expect(refusal(vaultOf([k1, k2, k2.replace(/^\[[^\]]*\]/, "")]))).toMatch(
      /key 2 and key 3 are the same key/,
    );
  });

  it("refuses a derivation other than /<0;1>/*, /0/* or /1/*, or keys that end differently", () => {
    for (const suffix of ["*", "0/0/*", "<0;2>/*", "<1;0>/*", "<0;1;2>/*", "2/*", "0", "<0;1>/0"]) {
      const key = k3.replace("<0;1>/*", suffix);
      expect(refusal(vaultOf([k1, k2, key]))).toBe(
        "COLD_VAULT_DESCRIPTOR key 3 must end in /<0;1>/* (receive and change), /0/* (receive only) or /1/* (change only)",
      );
    }
    expect(refusal(vaultOf([k1, k2, k3.replace("<0;1>/*", "0h/*")]))).toMatch(
      /^COLD_VAULT_DESCRIPTOR key 3: derivation step 0h is hardened: a public key cannot derive it/,
    );
    expect(refusal(vaultOf([k1, k2, k3.replace("<0;1>/*", "0/*h")]))).toMatch(/key 3: a hardened wildcard/);
    expect(refusal(vaultOf([k1, k2, k3.replace("<0;1>/*", "0/*/1")]))).toMatch(
      /key 3: the wildcard \/\* must be the last/,
    );
    expect(refusal(vaultOf([k1, k2.replace("<0;1>/*", "0/*"), k3]))).toBe(
      "COLD_VAULT_DESCRIPTOR's three keys must end alike (they end in /<0;1>/*, /0/*, /<0;1>/*)",
    );
  });

  it("refuses a key that is not an extended public key, or does not decode", () => {
    const hexKey = "0260b2003c386519fc9eadf2b5cf124dd8eea4c4e68d5e154050a9346ea98ce600";
    expect(refusal(vaultOf([k1, k2, hexKey]))).toMatch(
      /^COLD_VAULT_DESCRIPTOR key 3: the key must be an extended key \(xpub or tpub\)/,
    );
    const broken = k3.replace(/tpub(.)/, (_, c: string) => `tpub${c === "D" ? "E" : "D"}`);
    expect(refusal(vaultOf([k1, k2, broken]))).toMatch(
      /^COLD_VAULT_DESCRIPTOR key 3: tpub tpub.{8}\.\.\. does not decode/,
    );
    // SLIP-132's Vpub: the same key under other version bytes.
    const account = HDKey.fromExtendedKey(file3?.accountXpub ?? "", extendedKeyVersions("regtest"));
    const vpub = new HDKey({
      versions: { public: 0x02575483, private: 0x02575048 },
      depth: account.depth,
      index: account.index,
      parentFingerprint: account.parentFingerprint,
      chainCode: account.chainCode ?? undefined,
      publicKey: account.publicKey ?? undefined,
    }).publicExtendedKey;
    expect(refusal(vaultOf([k1, k2, k3.replace(file3?.accountXpub ?? "", vpub)]))).toMatch(
      /^COLD_VAULT_DESCRIPTOR key 3: a SLIP-132 key \(Vpub\) is not a descriptor key: write the same key as an xpub or tpub/,
    );
  });

  it("refuses a malformed origin, or one that does not belong to its key", () => {
    expect(refusal(vaultOf([k1, k2, k3.replace(/^\[[0-9a-f]{8}/, "[deadbef")]))).toMatch(
      /key 3: the key origin's fingerprint must be 8 hex digits \(got "deadbef"\)/,
    );
    expect(refusal(vaultOf([k1, k2, k3.replace(/^\[[0-9a-f]{8}/, "[gaaaaaaa")]))).toMatch(
      /must be 8 hex digits/,
    );
    expect(refusal(vaultOf([k1, k2, k3.replace("48h/1h/0h/2h", "48h/1h/0h/2f")]))).toMatch(
      /key 3: "2f" is not a derivation step/,
    );
    expect(refusal(vaultOf([k1, k2, k3.replace("/48h/1h/0h/2h]", "/48h/1h/0h]")]))).toMatch(
      /key 3's origin \[[0-9a-f]{8}\/48h\/1h\/0h\] has 3 steps but the key is at depth 4/,
    );
    expect(refusal(vaultOf([k1, k2, k3.replace("/48h/1h/0h/2h]", "/48h/1h/0h/1h]")]))).toMatch(
      /key 3's origin ends in another step than the key's own/,
    );
    expect(refusal(vaultOf([k1, k2, `[aaaaaaaa][aaaaaaaa]${k3.replace(/^\[[^\]]*\]/, "")}`]))).toMatch(
      /key 3: not a key/,
    );
  });

  it("never echoes anything beyond the key's first characters", () => {
    if (file2 === undefined) throw new Error("no key file");
    const account = keyFileMaster(file2).derive(file2.accountPath);
    const message = refusal(vaultOf([k1, k2.replace(file2.accountXpub, account.privateExtendedKey), k3]));
    expect(message).not.toContain(account.privateExtendedKey.slice(4, 20));
  });
});
