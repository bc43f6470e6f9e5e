import { notify } from "@/lib/notify";

/**
 * Writes `value` to the clipboard; true when it did. When it cannot (an insecure origin, permission
 * refused) it says so in a toast and returns false: the caller's success toast is its own.
 */
export async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    // The text stays on the screen, selectable.
    notify.error("Could not copy", "Select the text and copy it instead.");
    return false;
  }
}
