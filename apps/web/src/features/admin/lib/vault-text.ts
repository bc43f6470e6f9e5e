import { type RefillSignaturesResponse, VAULT_SIGNATURES_NEEDED, type VaultRefill } from "@satsbank/shared";
import { fileBytes } from "@/lib/file-read";

/** "0 of 2 signatures", "1 of 2 signatures": one vault coin's signatures so far. */
export function signaturesText(count: number): string {
  return `${Math.min(count, VAULT_SIGNATURES_NEEDED)} of ${VAULT_SIGNATURES_NEEDED} signatures`;
}

/** "key 1", "keys 1 and 3": the vault's keys, by their number in the descriptor. */
export function keysText(keys: readonly number[]): string {
  const sorted = [...keys].sort((a, b) => a - b);
  if (sorted.length === 1) return `key ${sorted[0]}`;
  return `keys ${sorted.slice(0, -1).join(", ")} and ${sorted.at(-1)}`;
}

/** The signatures the refill's least signed coin has: what it still waits for. */
export function fewestSignatures(refill: Pick<VaultRefill, "inputs">): number {
  return Math.min(...refill.inputs.map((input) => input.signedBy.length));
}

export interface UploadToast {
  type: "success" | "error";
  title: string;
  text: string;
}

/**
 * What an upload did, as toasts: broadcast (or waiting for the network, or refused by it for good), the
 * signatures added so far; then the signatures it did not count, and why (a key that is not the vault's).
 */
export function uploadToasts({ refill, added, ignored, broadcast }: RefillSignaturesResponse): UploadToast[] {
  const toasts: UploadToast[] = [];
  if (broadcast === "broadcast") {
    toasts.push({
      type: "success",
      title: "Refill broadcast",
      text: "Every vault coin has two signatures: the refill was sent to the network. It is settled once it confirms.",
    });
  } else if (broadcast === "waiting") {
    toasts.push({
      type: "success",
      title: "Refill signed",
      text: "Every vault coin has two signatures. The network could not take the refill yet: the server sends it again.",
    });
  } else if (broadcast === "failed") {
    toasts.push({
      type: "error",
      title: "Refill failed",
      text: refill.failure ?? "The network refused the refill: its vault coins are free again.",
    });
  } else if (added.length > 0) {
    const keys = [...new Set(added.map((signature) => signature.key))];
    toasts.push({
      type: "success",
      title: "Signature added",
      text: `Signed by ${keysText(keys)}: ${signaturesText(fewestSignatures(refill))}. Upload a second key holder's PSBT to broadcast it.`,
    });
  } else {
    toasts.push({
      type: "error",
      title: "No new signature",
      text: `This PSBT's signatures were uploaded before: ${signaturesText(fewestSignatures(refill))}. Upload a second key holder's PSBT.`,
    });
  }
  if (ignored.length > 0) {
    toasts.push({
      type: "error",
      title: ignored.length === 1 ? "A signature was not counted" : "Signatures were not counted",
      text: ignored.map((item) => `Input ${item.input + 1}: ${item.reason}.`).join(" "),
    });
  }
  return toasts;
}

/** A binary PSBT begins with these bytes ("psbt" and 0xff, BIP-174). */
const PSBT_MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff] as const;

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  // In chunks: String.fromCharCode takes its bytes as arguments, and a PSBT may have many.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * A signed PSBT file as the server takes it (`{ psbt }`: base64 or hex text): a binary .psbt is sent as its
 * base64, a text file (what Sparrow, Bitcoin Core and `npm run vault -- sign` write) as its trimmed text.
 */
export async function psbtFileText(file: Blob): Promise<string> {
  const bytes = await fileBytes(file);
  const binary = PSBT_MAGIC.every((byte, i) => bytes[i] === byte);
  return binary ? base64Of(bytes) : new TextDecoder().decode(bytes).trim();
}
