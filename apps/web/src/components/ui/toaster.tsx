import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/lib/theme/use-theme";
import { TOAST_DURATION_MS, TOAST_VISIBLE_COUNT } from "@/lib/ui-config";

/** Mounted once at the root. Show toasts with `notify` from lib/notify. */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      position="top-center"
      visibleToasts={TOAST_VISIBLE_COUNT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans rounded-xl", description: "text-sm" } }}
    />
  );
}
