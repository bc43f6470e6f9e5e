import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { notify } from "@/lib/notify";

export interface CopyButtonProps {
  value: string;
  /** The button's accessible name, e.g. "Copy user ID". */
  label: string;
  /** The toast after a successful copy, e.g. "User ID copied". */
  copiedTitle: string;
  className?: string;
}

/** Copies `value` to the clipboard and says so in a toast. */
export function CopyButton({ value, label, copiedTitle, className }: CopyButtonProps) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(copiedTitle);
    } catch {
      // No clipboard (an insecure origin) or permission refused: the text stays selectable.
      notify.error("Could not copy", "Select the text and copy it instead.");
    }
  }
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      onClick={copy}
      className={cn("size-8 rounded-lg text-muted-foreground", className)}
    >
      <Copy aria-hidden="true" />
    </Button>
  );
}
