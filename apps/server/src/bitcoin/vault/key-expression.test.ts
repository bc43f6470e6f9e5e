import { describe, expect, it } from "vitest";
import {
  deriveExpression,
  fingerprintHex,
  formatPath,
  KeyExpressionError,
  parseKeyExpression,
} from "./key-expression.js";

// Keys of BIP-380's and BIP-389's test vectors (bitcoin/bips bip-0380.mediawiki, bip-0389.mediawiki).
const XPUB =
  "xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL";
const XPUB_2 =
  "xpub68NZiKmJWnxxS6aaHmn81bvJeTESw724CRDs6HbuccFQN9Ku14VQrADWgqbhhTHBaohPX4CjNLf9fq9MYo6oDaPPLPxSb7gwQN3ih19Zm4Y";
const XPRV =
  "xprv9s21ZrQH143K31xYSDQpPDxsXRTUcvj2iNHm5NUtrGiGG5e2DtALGdso3pGz6ssrdK4PFmM8NSpSBHNqPqm55Qn3LqFtT2emdEXVYsCzC2U";
const PUBKEY = "0260b2003c386519fc9eadf2b5cf124dd8eea4c4e68d5e154050a9346ea98ce600";

const hexOf = (bytes: Uint8Array | null) => Buffer.from(bytes ?? new Uint8Array()).toString("hex");

function problem(text: string): string {
  try {
    parseKeyExpression(text);
  } catch (error) {
    expect(error).toBeInstanceOf(KeyExpressionError);
    return (error as Error).message;
  }
  throw new Error(`expected ${text} to be refused`);
}

describe("parseKeyExpression", () => {
  it("reads BIP-380's valid extended key expressions", () => {
    const withOrigin = parseKeyExpression(`[deadbeef/0h/1h/2h]${XPUB}/3/4/5/*`);
    expect(withOrigin.origin).toEqual({
      fingerprint: 0xdeadbeef,
      path: [0x8000_0000, 0x8000_0001, 0x8000_0002],
    });
    expect(withOrigin.prefix).toBe("xpub");
    expect(withOrigin.steps).toEqual([
      { kind: "index", index: 3 },
      { kind: "index", index: 4 },
      { kind: "index", index: 5 },
      { kind: "wildcard" },
    ]);
    expect(parseKeyExpression(`[deadbeef/0'/0h/0']${XPUB}`).origin?.path).toEqual([
      0x8000_0000, 0x8000_0000, 0x8000_0000,
    ]);
    expect(parseKeyExpression(XPRV).prefix).toBe("xprv");
    expect(fingerprintHex(0x0000beef)).toBe("0000beef");
    expect(formatPath([0x8000_0030, 1, 0x8000_0000])).toBe("48h/1/0h");
  });

  it("expands BIP-389's multipath step into its branches", () => {
    // wpkh([ffffffff/13h]xpub.../<1;3>/2/*) = .../1/2/* and .../3/2/*
    const key =
      "xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH";
    const multipath = parseKeyExpression(`[ffffffff/13h]${key}/<1;3>/2/*`);
    const first = parseKeyExpression(`[ffffffff/13h]${key}/1/2/*`);
    const second = parseKeyExpression(`[ffffffff/13h]${key}/3/2/*`);
    expect(hexOf(deriveExpression(multipath, 7, 0).publicKey)).toBe(
      hexOf(deriveExpression(first, 7).publicKey),
    );
    expect(hexOf(deriveExpression(multipath, 7, 1).publicKey)).toBe(
      hexOf(deriveExpression(second, 7).publicKey),
    );
    expect(() => deriveExpression(multipath, 7, 2)).toThrow(RangeError);
  });

  it("refuses BIP-380's invalid key expressions", () => {
    expect(problem(`[deadbeef/0h/0h/0h/*]${XPUB_2}`)).toMatch(/"\*" is not a derivation step/);
    expect(problem(`[deadbeef/0h/0h/0h/]${XPUB_2}`)).toMatch(/"" is not a derivation step/);
    expect(problem(`[deadbef/0h/0h/0h]${XPUB_2}`)).toMatch(/fingerprint must be 8 hex digits/);
    expect(problem(`[deadbeeef/0h/0h/0h]${XPUB_2}`)).toMatch(/fingerprint must be 8 hex digits/);
    expect(problem(`[deadbeef/0f/0f/0f]${XPUB_2}`)).toMatch(/"0f" is not a derivation step/);
    expect(problem(`[deadbeef/-0/-0/-0]${XPUB_2}`)).toMatch(/"-0" is not a derivation step/);
    expect(problem(`${XPRV}/2147483648`)).toBe("derivation step 2147483648 is out of range");
    expect(problem(`${XPRV}/1aa`)).toMatch(/"1aa" is not a derivation step/);
    expect(problem(`[aaaaaaaa][aaaaaaaa]${XPRV}/2147483647'/0`)).toMatch(/^not a key/);
    expect(problem(`aaaaaaaa]${XPRV}/2147483647'/0`)).toMatch(/^not a key/);
    expect(problem(`[gaaaaaaa]${XPRV}/2147483647'/0`)).toMatch(/fingerprint must be 8 hex digits/);
    expect(problem("[deadbeef]")).toMatch(/^not a key/);
    expect(problem(PUBKEY)).toMatch(/must be an extended key/);
    expect(problem(`[deadbeef/0h/0h/0h]${PUBKEY}`)).toMatch(/must be an extended key/);
  });

  it("refuses BIP-389's invalid multipath steps", () => {
    expect(problem(`${XPUB}/<0;1>/<2;3>`)).toBe("a key may have only one multipath step");
    expect(problem(`[deadbeef/<0;1>]${XPUB}/0`)).toMatch(/"<0;1>" is not a derivation step/);
    expect(problem(`${XPUB}/<>/*`)).toMatch(/"" is not a derivation step/);
    expect(problem(`${XPUB}/0>/*`)).toMatch(/"0>" is not a derivation step/);
    expect(problem(`${XPUB}/<0/*`)).toMatch(/"<0" is not a multipath step/);
    expect(problem(`${XPUB}/<0;>/*`)).toMatch(/"" is not a derivation step/);
    expect(problem(`${XPUB}/<0;0>/*`)).toBe("multipath step <0;0> repeats a value");
    expect(problem(`${XPUB}/<7>/*`)).toBe("multipath step <7> needs at least two values");
  });

  it("flags a private key as one, even one it cannot read", () => {
    const wif = "L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1";
    expect(() => parseKeyExpression(wif)).toThrow(expect.objectContaining({ privateKey: true }));
    const brokenXprv = `${XPRV.slice(0, -1)}V`;
    expect(() => parseKeyExpression(brokenXprv)).toThrow(expect.objectContaining({ privateKey: true }));
    expect(() => parseKeyExpression(`${XPUB.slice(0, -1)}M`)).toThrow(
      expect.objectContaining({ privateKey: false }),
    );
  });
});
