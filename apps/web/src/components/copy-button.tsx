import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { copyText } from "@/lib/clipboard";
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
    if (await copyText(value)) notify.success(copiedTitle);
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
