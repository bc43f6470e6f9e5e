import { secp256k1 } from "@noble/curves/secp256k1.js";
import { CompactSize, OutScript } from "@scure/btc-signer";
import { sha256d } from "./hashes.js";
import { decodeOutScript, equalBytes, hash160 } from "./script-bytes.js";

// The legacy signed-message format (Bitcoin Core's signmessage, BIP137 headers): 65 bytes, a header then
// a compact ECDSA signature (r, s) over the double SHA-256 of "Bitcoin Signed Message:\n" and the message,
// each prefixed with its length. The header carries the recovery id and whether the key is compressed.

const encoder = new TextEncoder();
const MAGIC = encoder.encode("Bitcoin Signed Message:\n");

function withLength(bytes: Uint8Array): Uint8Array {
  const length = CompactSize.encode(BigInt(bytes.length));
  const out = new Uint8Array(length.length + bytes.length);
  out.set(length, 0);
  out.set(bytes, length.length);
  return out;
}

/** What a legacy signature signs: sha256d(varstr(magic) || varstr(message)). */
export function legacyMessageHash(message: string): Uint8Array {
  const magic = withLength(MAGIC);
  const text = withLength(encoder.encode(message));
  const data = new Uint8Array(magic.length + text.length);
  data.set(magic, 0);
  data.set(text, magic.length);
  return sha256d(data);
}

/** The public key a 65-byte legacy signature recovers for `message`, as its header says (compressed or not). */
export function recoverLegacySigner(message: string, signature: Uint8Array): Uint8Array | undefined {
  if (signature.length !== 65) return undefined;
  const header = signature[0] as number;
  // 27-30: uncompressed key; 31-34 compressed (Core, Electrum); 35-38 P2SH-P2WPKH and 39-42 P2WPKH (BIP137).
  if (header < 27 || header > 42) return undefined;
  const recovery = (header - 27) & 3;
  const compressed = header >= 31;
  try {
    const point = secp256k1.Signature.fromBytes(signature.subarray(1), "compact")
      .addRecoveryBit(recovery)
      .recoverPublicKey(legacyMessageHash(message));
    return point.toBytes(compressed);
  } catch {
    return undefined;
  }
}

/**
 * True when the legacy signature was made by the key behind `scriptPubKey`: P2PKH (compressed or
 * uncompressed key), and, with a compressed key, P2WPKH and P2SH-P2WPKH (signed "the legacy way" by
 * Electrum, Trezor, Ledger, Coldcard and others). The recovered key must hash to the address: only its
 * holder could have made a signature that recovers to it. Taproot has no legacy form.
 */
export function verifyLegacyMessage(
  message: string,
  scriptPubKey: Uint8Array,
  signature: Uint8Array,
): boolean {
  const publicKey = recoverLegacySigner(message, signature);
  if (publicKey === undefined) return false;
  const script = decodeOutScript(scriptPubKey);
  if (script === undefined) return false;
  const compressed = publicKey.length === 33;
  switch (script.type) {
    case "pkh":
      return equalBytes(hash160(publicKey), script.hash);
    case "wpkh":
      return compressed && equalBytes(hash160(publicKey), script.hash);
    case "sh": {
      if (!compressed) return false;
      const redeemScript = OutScript.encode({ type: "wpkh", hash: hash160(publicKey) });
      return equalBytes(hash160(redeemScript), script.hash);
    }
    default:
      return false;
  }
}
