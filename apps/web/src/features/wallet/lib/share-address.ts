import { receiveMessages } from "@satsbank/shared";
import { copyText } from "@/lib/clipboard";
import { notify } from "@/lib/notify";

/**
 * Opens the device's share sheet with the address. Where sharing is unsupported (most desktop browsers)
 * or refused, the address is copied instead and the specification's toast says so, as information, not as
 * an error: the address is on the clipboard, nothing failed (the specification lists it among the
 * destructive toasts; README, differences). Closing the sheet is the person's choice: nothing more happens.
 */
export async function shareAddress(address: string): Promise<void> {
  const data: ShareData = { title: "My Bitcoin address", text: address };
  const canShare = "share" in navigator && (!("canShare" in navigator) || navigator.canShare(data));
  if (canShare) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      // Refused (no permission, or a share already open): copying still gets the address across.
    }
  }
  if (await copyText(address)) {
    const { title, text } = receiveMessages.shareFallback;
    notify.info(title, text);
  }
}
