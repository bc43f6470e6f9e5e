import type { ReservesSignaturesResponse, ReservesStatus } from "@satsbank/shared";
import { keysText, type UploadToast } from "./vault-text";

/** An epoch's reserves proof, in words: where it stands, or that the epoch has none. */
export const reservesStatusText = {
  awaiting_signatures: "Waiting for the vault's signatures",
  covered: "Covered",
  failing: "Failing",
} as const satisfies Record<ReservesStatus, string>;

export const NO_RESERVES_PROOF = "No reserves proof";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * What an upload to a reserves proof did, as toasts: complete (covered, or failing: the watchdog raises
 * it), or the signatures added so far; then the signatures it did not count, and why.
 */
export function reservesUploadToasts(epoch: number, { status, added, ignored }: ReservesSignaturesResponse) {
  const toasts: UploadToast[] = [];
  const keys = [...new Set(added.map((signature) => signature.key))];
  const signedBy = added.length > 0 ? `${count(added.length, "signature")} added (${keysText(keys)}). ` : "";
  if (status === "covered") {
    toasts.push({
      type: "success",
      title: "Reserves covered",
      text: `${signedBy}Every vault coin has two signatures: epoch ${epoch}'s reserves proof is published, and its coins cover the liabilities.`,
    });
  } else if (status === "failing") {
    toasts.push({
      type: "error",
      title: "Reserves failing",
      text: `${signedBy}Epoch ${epoch}'s reserves proof is published, but its coins sum to less than the liabilities: the solvency watchdog raises it.`,
    });
  } else if (added.length > 0) {
    toasts.push({
      type: "success",
      title: "Signature added",
      text: `${signedBy}Upload a second key holder's PSBT to complete epoch ${epoch}'s reserves proof.`,
    });
  } else {
    toasts.push({
      type: "error",
      title: "No new signature",
      text: "This PSBT's signatures were uploaded before. Upload a second key holder's PSBT.",
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
