import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/lib/theme/use-theme";
import { TOAST_DURATION_MS, TOAST_VISIBLE_COUNT } from "@/lib/ui-config";

/**
 * How far above the window's bottom edge toasts sit: above the main screens' tab bar, which sets
 * `--toast-clearance` (index.css), so a toast never covers a screen's title, its back button or the
 * navigation; on screens without the bar, just off the edge.
 */
export const TOAST_OFFSET = { bottom: "calc(var(--toast-clearance) + 1.5rem)" };
export const TOAST_MOBILE_OFFSET = { bottom: "calc(var(--toast-clearance) + 1rem)" };

/** Mounted once at the root. Show toasts with `notify` from lib/notify. */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      position="bottom-center"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      visibleToasts={TOAST_VISIBLE_COUNT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans rounded-xl", description: "text-sm" } }}
    />
  );
}
