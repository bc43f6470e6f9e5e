import type { HDKey } from "@scure/bip32";
import type { BitcoinNetwork } from "../network.js";
import { checkChecksum } from "./checksum.js";
import {
  type ExtendedKeyPrefix,
  fingerprintHex,
  formatPath,
  type KeyExpression,
  KeyExpressionError,
  type KeyOrigin,
  type PathStep,
  parseKeyExpression,
} from "./key-expression.js";

// The cold vault's descriptor: wsh(sortedmulti(2,K1,K2,K3))#checksum, each K an extended public key of the
// bank's network with an optional origin and one of three suffixes: /<0;1>/* (BIP-389: receive and change),
// /0/* (receive only) or /1/* (change only). Refused with a message naming the variable, whatever is wrong.

/** The vault's two derivation chains: BIP32 step 0 receives, step 1 is change. */
export type VaultChain = "receive" | "change";
export const VAULT_CHAIN_STEP: Record<VaultChain, number> = { receive: 0, change: 1 };

export type VaultKey = {
  /** 1, 2 or 3: the key's place in the descriptor (not in the script, which sorts the derived keys). */
  number: 1 | 2 | 3;
  /**
   * The master's fingerprint and the path to `xpub`: the origin as written, or (none written) the key's own
   * fingerprint and an empty path, as Bitcoin Core reads such a key.
   */
  origin: KeyOrigin;
  /** The extended public key, public only. */
  xpub: HDKey;
  /** The key as written in the descriptor (xpub or tpub). */
  extendedKey: string;
};

/** A parsed, checked cold vault descriptor: public keys only. */
export type ColdVault = {
  /** The descriptor as given, checksum included. */
  descriptor: string;
  network: BitcoinNetwork;
  threshold: 2;
  keys: readonly [VaultKey, VaultKey, VaultKey];
  /** The chains its keys derive: both (/<0;1>/*), or the one of a /0/* or /1/* descriptor. */
  chains: readonly VaultChain[];
};

export class VaultDescriptorError extends Error {
  override name = "VaultDescriptorError";
}

const SHAPE = "wsh(sortedmulti(2,KEY1,KEY2,KEY3))#checksum";

type Suffix = "<0;1>/*" | "0/*" | "1/*";
const CHAINS_OF: Record<Suffix, readonly VaultChain[]> = {
  "<0;1>/*": ["receive", "change"],
  "0/*": ["receive"],
  "1/*": ["change"],
};

function suffixOf(steps: readonly PathStep[]): Suffix | null {
  const [first, second, ...rest] = steps;
  if (rest.length > 0 || second?.kind !== "wildcard") return null;
  if (first?.kind === "index" && (first.index === 0 || first.index === 1))
    return `${first.index}/*` as Suffix;
  if (first?.kind === "multipath" && first.indexes.join(";") === "0;1") return "<0;1>/*";
  return null;
}

function checkedBody(text: string, name: string): string {
  const checked = checkChecksum(text);
  if ("body" in checked) return checked.body;
  switch (checked.problem) {
    case "missing":
      return fail(
        `${name} has no checksum: end it with # and its 8 characters, as Sparrow, a hardware wallet or Bitcoin Core's getdescriptorinfo write it`,
      );
    case "malformed":
      return fail(`${name}'s checksum must be the 8 characters after '#'`);
    case "charset":
      return fail(`${name} holds a character no descriptor may hold`);
    case "mismatch":
      return fail(
        `${name}'s checksum does not match: the descriptor was changed or mistyped (copy it whole)`,
      );
  }
}

function fail(message: string): never {
  throw new VaultDescriptorError(message);
}

function readKey(text: string, number: 1 | 2 | 3, name: string, network: BitcoinNetwork): KeyExpression {
  let expression: KeyExpression;
  try {
    expression = parseKeyExpression(text);
  } catch (error) {
    if (!(error instanceof KeyExpressionError)) throw error;
    if (error.privateKey) privateKeyRefusal(name, number);
    return fail(`${name} key ${number}: ${error.message}`);
  }
  if (expression.prefix.endsWith("prv")) privateKeyRefusal(name, number, expression.prefix);
  const expected: ExtendedKeyPrefix = network === "mainnet" ? "xpub" : "tpub";
  if (expression.prefix !== expected) {
    const of = expression.prefix === "xpub" ? "mainnet" : "a test network";
    fail(
      `${name} key ${number} is ${article(expression.prefix)} (${of}): BITCOIN_NETWORK=${network} takes ${expected} keys`,
    );
  }
  const { origin, key } = expression;
  if (origin !== null && origin.path.length !== key.depth) {
    fail(
      `${name} key ${number}'s origin [${fingerprintHex(origin.fingerprint)}${origin.path.length > 0 ? "/" : ""}${formatPath(origin.path)}] has ${origin.path.length} steps but the key is at depth ${key.depth}: origin and key do not belong together`,
    );
  }
  const lastStep = origin?.path.at(-1);
  if (lastStep !== undefined && lastStep !== key.index) {
    fail(
      `${name} key ${number}'s origin ends in another step than the key's own: origin and key do not belong together`,
    );
  }
  return expression;
}

/** "an xpub", "a tpub". */
const article = (prefix: string) => `${prefix.startsWith("x") ? "an" : "a"} ${prefix}`;

function privateKeyRefusal(name: string, number: number | null, prefix?: string): never {
  const what = prefix === undefined ? "a private key" : article(prefix);
  return fail(
    `${name} must hold only public keys: the server never holds a cold private key (${number === null ? "it holds" : `key ${number} is`} ${what})`,
  );
}

/**
 * An xprv or tprv is refused as such before anything else, whatever else is wrong (a checksum broken by
 * an edit, say): that the server must never be given a cold private key is the one thing to say then.
 */
function refuseExtendedPrivateKey(descriptor: string, name: string): void {
  const segments = (descriptor.split("#")[0] ?? "").split(",");
  const at = segments.findIndex((segment) => /(?:^|[(\]])[xt]prv[1-9A-HJ-NP-Za-km-z]{20}/.test(segment));
  if (at === -1) return;
  const prefix = /[xt]prv/.exec(segments[at] ?? "")?.[0];
  const numbered = descriptor.startsWith("wsh(sortedmulti(") && at >= 1 && at <= 3;
  privateKeyRefusal(name, numbered ? at : null, prefix);
}

/**
 * Parses and checks the cold vault's descriptor for `network`. Throws VaultDescriptorError, its message one
 * line naming `name` (the variable or file the descriptor came from).
 */
export function parseVaultDescriptor(
  text: string,
  network: BitcoinNetwork,
  name = "COLD_VAULT_DESCRIPTOR",
): ColdVault {
  const descriptor = text.trim();
  if (descriptor === "") fail(`${name} is empty`);
  refuseExtendedPrivateKey(descriptor, name);
  const body = checkedBody(descriptor, name);
  const inner = /^wsh\(sortedmulti\((.*)\)\)$/.exec(body)?.[1];
  if (inner === undefined) {
    const kind = /^wsh\(multi\(/.test(body)
      ? " (multi() keeps the keys' order; sortedmulti() sorts them, BIP-67)"
      : "";
    fail(`${name} must be a 2-of-3 sortedmulti inside wsh(): ${SHAPE}${kind}`);
  }
  const [threshold = "", ...keyTexts] = inner.split(",");
  if (!/^\d+$/.test(threshold) || keyTexts.length === 0) fail(`${name} must be ${SHAPE}`);
  if (threshold !== "2" || keyTexts.length !== 3) {
    fail(`${name} must be a 2-of-3 sortedmulti (got ${Number(threshold)}-of-${keyTexts.length})`);
  }
  const expressions = keyTexts.map((keyText, i) => readKey(keyText, (i + 1) as 1 | 2 | 3, name, network));
  const suffixes = expressions.map((expression, i) => {
    const suffix = suffixOf(expression.steps);
    if (suffix === null) {
      fail(
        `${name} key ${i + 1} must end in /<0;1>/* (receive and change), /0/* (receive only) or /1/* (change only)`,
      );
    }
    return suffix;
  });
  if (new Set(suffixes).size > 1) {
    fail(`${name}'s three keys must end alike (they end in /${suffixes.join(", /")})`);
  }
  for (let i = 0; i < 3; i++) {
    for (let j = i + 1; j < 3; j++) {
      const [a, b] = [expressions[i]?.key.publicKey, expressions[j]?.key.publicKey];
      if (a && b && Buffer.from(a).equals(Buffer.from(b))) {
        fail(`${name} key ${i + 1} and key ${j + 1} are the same key: a 2-of-3 needs three different keys`);
      }
    }
  }
  const keys = expressions.map(({ origin, key, extendedKey }, i) => ({
    number: (i + 1) as 1 | 2 | 3,
    origin: origin ?? { fingerprint: key.fingerprint, path: [] },
    xpub: key,
    extendedKey,
  })) as [VaultKey, VaultKey, VaultKey];
  return { descriptor, network, threshold: 2, keys, chains: CHAINS_OF[suffixes[0] as Suffix] };
}
