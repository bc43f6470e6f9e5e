import { Address, OutScript } from "@scure/btc-signer";
import { decodeWitness, verifyBip322Simple } from "./bip322.js";
import { verifyLegacyMessage } from "./legacy-message.js";
import { type BitcoinNetwork, networkParams } from "./network.js";

/** How a proof was signed: BIP-322 simple (a witness stack) or the legacy signed-message format. */
export type SignatureFormat = "bip322-simple" | "legacy";

/** The address kinds a single key can prove: P2PKH, P2SH-P2WPKH, P2WPKH, P2TR. */
export type AddressKind = "p2pkh" | "p2sh" | "p2wpkh" | "p2tr";

export type MessageVerification =
  | { ok: true; format: SignatureFormat }
  /** `malformed`: not base64, or neither format; `not-signed`: a signature, but not by this address for this message. */
  | { ok: false; problem: "malformed" | "not-signed" };

const KINDS = { pkh: "p2pkh", sh: "p2sh", wpkh: "p2wpkh", tr: "p2tr" } as const;

/** The scriptPubKey and kind of an address of `network`; undefined for anything else (or a kind no key proves). */
export function addressScript(
  address: string,
  network: BitcoinNetwork,
): { script: Uint8Array; kind: AddressKind } | undefined {
  try {
    const decoded = Address(networkParams[network].params).decode(address);
    if (!(decoded.type in KINDS)) return undefined;
    return { script: OutScript.encode(decoded), kind: KINDS[decoded.type as keyof typeof KINDS] };
  } catch {
    return undefined;
  }
}

/** Base64 as written by wallets: the standard alphabet, padded, canonical (nothing ignored, nothing extra). */
export function strictBase64(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  const bytes = Buffer.from(text, "base64");
  return bytes.toString("base64") === text ? new Uint8Array(bytes) : undefined;
}

const isLegacyShape = (bytes: Uint8Array) =>
  bytes.length === 65 && bytes[0] !== undefined && bytes[0] >= 27 && bytes[0] <= 42;

/**
 * Checks that `signature` (base64) signs `message` with the key behind `address` (of `network`): the
 * legacy format for P2PKH, BIP-322 simple for P2WPKH, P2SH-P2WPKH and P2TR, and the legacy format for
 * P2WPKH and P2SH-P2WPKH too (docs/decisions/0013-proof-of-ownership.md).
 */
export function verifyMessage({
  address,
  network,
  message,
  signature,
}: {
  address: string;
  network: BitcoinNetwork;
  message: string;
  signature: string;
}): MessageVerification {
  const target = addressScript(address, network);
  const bytes = strictBase64(signature.trim());
  if (target === undefined || bytes === undefined) return { ok: false, problem: "malformed" };
  if (isLegacyShape(bytes) && target.kind !== "p2tr") {
    return verifyLegacyMessage(message, target.script, bytes)
      ? { ok: true, format: "legacy" }
      : { ok: false, problem: "not-signed" };
  }
  if (target.kind === "p2pkh") return { ok: false, problem: "malformed" };
  const witness = decodeWitness(bytes);
  if (witness === undefined) return { ok: false, problem: "malformed" };
  return verifyBip322Simple(message, target.script, witness)
    ? { ok: true, format: "bip322-simple" }
    : { ok: false, problem: "not-signed" };
}
