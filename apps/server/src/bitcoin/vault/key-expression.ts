import { HARDENED_OFFSET, HDKey, type Versions } from "@scure/bip32";
import type { BitcoinNetwork } from "../network.js";

// One key expression of a descriptor (BIP-380, with BIP-389's multipath step):
// [fingerprint/path]KEY/step/.../*, where KEY is an extended key. Parsed as written; what a vault accepts
// (public keys of its network, one of three suffixes) is descriptor.ts's to decide.

/** BIP32 version bytes: xpub/xprv on mainnet, tpub/tprv on every test network. */
export function extendedKeyVersions(network: BitcoinNetwork): Versions {
  return network === "mainnet"
    ? { private: 0x0488ade4, public: 0x0488b21e }
    : { private: 0x04358394, public: 0x043587cf };
}

/** Where a key sits below its master: the master's fingerprint and the steps from it (hardened ones + 2^31). */
export type KeyOrigin = { fingerprint: number; path: readonly number[] };

export type PathStep =
  | { kind: "index"; index: number }
  | { kind: "multipath"; indexes: readonly number[] }
  | { kind: "wildcard" };

export type KeyExpression = {
  origin: KeyOrigin | null;
  /** The extended key as written (base58). */
  extendedKey: string;
  /** "xpub", "tpub", "xprv" or "tprv". */
  prefix: ExtendedKeyPrefix;
  key: HDKey;
  /** The derivation after the key: public steps only, a wildcard last if any. */
  steps: readonly PathStep[];
};

export type ExtendedKeyPrefix = "xpub" | "tpub" | "xprv" | "tprv";

/** Why a key expression cannot be read; the message names no variable (the caller does). */
export class KeyExpressionError extends Error {
  override name = "KeyExpressionError";
  constructor(
    message: string,
    readonly privateKey = false,
  ) {
    super(message);
  }
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
// SLIP-132's prefixes (ypub, Zpub, vpub...): the same keys under other version bytes.
const SLIP132 = /^[yzYZuvUV](pub|prv)/;
// A WIF private key: 51 or 52 base58 characters starting 5, K or L (mainnet), 9 or c (test networks).
const WIF = /^[5KL9c][1-9A-HJ-NP-Za-km-z]{50,51}$/;

/** Formats a fingerprint as Bitcoin Core prints it: 8 lowercase hex digits. */
export function fingerprintHex(fingerprint: number): string {
  return fingerprint.toString(16).padStart(8, "0");
}

/** "48h/1h/0h/2h" from [48', 1', 0', 2']. */
export function formatPath(path: readonly number[]): string {
  return path.map((step) => (step >= HARDENED_OFFSET ? `${step - HARDENED_OFFSET}h` : `${step}`)).join("/");
}

function pathIndex(text: string, allowHardened: boolean): number {
  const match = /^(\d{1,10})(['h])?$/.exec(text);
  if (!match)
    throw new KeyExpressionError(`"${text}" is not a derivation step (a number, h or ' if hardened)`);
  const index = Number(match[1]);
  if (index >= HARDENED_OFFSET) throw new KeyExpressionError(`derivation step ${text} is out of range`);
  if (match[2] === undefined) return index;
  if (!allowHardened) {
    throw new KeyExpressionError(
      `derivation step ${text} is hardened: a public key cannot derive it (write the key at its last hardened step)`,
    );
  }
  return index + HARDENED_OFFSET;
}

function parseOrigin(text: string): KeyOrigin {
  const [fingerprint = "", ...steps] = text.split("/");
  if (!/^[0-9a-fA-F]{8}$/.test(fingerprint)) {
    throw new KeyExpressionError(`the key origin's fingerprint must be 8 hex digits (got "${fingerprint}")`);
  }
  return { fingerprint: Number.parseInt(fingerprint, 16), path: steps.map((step) => pathIndex(step, true)) };
}

function parseSteps(text: string): PathStep[] {
  if (text === "") return [];
  const parts = text.split("/");
  if (parts[0] !== "") throw new KeyExpressionError(`unexpected "${text}" after the key`);
  const steps: PathStep[] = [];
  for (const [i, part] of parts.slice(1).entries()) {
    const last = i === parts.length - 2;
    if (part === "*") {
      if (!last) throw new KeyExpressionError("the wildcard /* must be the last step");
      steps.push({ kind: "wildcard" });
    } else if (part === "*h" || part === "*'") {
      throw new KeyExpressionError("a hardened wildcard cannot be derived from a public key");
    } else if (part.startsWith("<")) {
      const inner = /^<([^<>]*)>$/.exec(part)?.[1];
      if (inner === undefined)
        throw new KeyExpressionError(`"${part}" is not a multipath step such as <0;1>`);
      if (steps.some((step) => step.kind === "multipath")) {
        throw new KeyExpressionError("a key may have only one multipath step");
      }
      const indexes = inner.split(";").map((value) => pathIndex(value, false));
      if (indexes.length < 2)
        throw new KeyExpressionError(`multipath step ${part} needs at least two values`);
      if (new Set(indexes).size !== indexes.length) {
        throw new KeyExpressionError(`multipath step ${part} repeats a value`);
      }
      steps.push({ kind: "multipath", indexes });
    } else {
      steps.push({ kind: "index", index: pathIndex(part, false) });
    }
  }
  return steps;
}

function prefixOf(extendedKey: string): ExtendedKeyPrefix {
  const prefix = extendedKey.slice(0, 4);
  if (prefix === "xpub" || prefix === "tpub" || prefix === "xprv" || prefix === "tprv") return prefix;
  if (SLIP132.test(extendedKey)) {
    throw new KeyExpressionError(
      `a SLIP-132 key (${prefix}) is not a descriptor key: write the same key as an xpub or tpub (Sparrow's descriptor export does)`,
      extendedKey.slice(1, 4) === "prv",
    );
  }
  if (WIF.test(extendedKey)) {
    throw new KeyExpressionError("this is a private key (WIF)", true);
  }
  throw new KeyExpressionError(
    "the key must be an extended key (xpub or tpub) with a derivation such as /<0;1>/*",
  );
}

/** Reads one key expression; throws KeyExpressionError on anything it cannot read. */
export function parseKeyExpression(text: string): KeyExpression {
  const match = /^(?:\[([^\]]*)\])?([^/[\]]+)((?:\/.*)?)$/.exec(text);
  if (!match) throw new KeyExpressionError("not a key: [fingerprint/path]xpub.../<0;1>/*");
  const [, originText, extendedKey = "", stepsText = ""] = match;
  if (!BASE58.test(extendedKey)) {
    throw new KeyExpressionError(
      "the key must be an extended key (xpub or tpub) with a derivation such as /<0;1>/*",
    );
  }
  const prefix = prefixOf(extendedKey);
  const isPrivate = prefix.endsWith("prv");
  const network: BitcoinNetwork = prefix.startsWith("x") ? "mainnet" : "testnet";
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(extendedKey, extendedKeyVersions(network));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new KeyExpressionError(
      `${prefix} ${extendedKey.slice(0, 12)}... does not decode (${reason})`,
      isPrivate,
    );
  }
  const origin = originText === undefined ? null : parseOrigin(originText);
  return { origin, extendedKey, prefix, key, steps: parseSteps(stepsText) };
}

/** The public key an expression gives at `index` of its wildcard, on branch `branch` of its multipath step. */
export function deriveExpression(expression: KeyExpression, index: number, branch = 0): HDKey {
  let key = expression.key;
  for (const step of expression.steps) {
    if (step.kind === "index") key = key.deriveChild(step.index);
    else if (step.kind === "wildcard") key = key.deriveChild(index);
    else {
      const value = step.indexes[branch];
      if (value === undefined) throw new RangeError(`No branch ${branch} in this multipath step`);
      key = key.deriveChild(value);
    }
  }
  return key;
}
