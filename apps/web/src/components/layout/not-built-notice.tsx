import { Hammer } from "lucide-react";
import { cn } from "@/lib/cn";

/** An honest placeholder for a screen that a later issue builds: no sample data, just the fact. */
export function NotBuiltNotice({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-10 text-center",
        className,
      )}
    >
      <span
        className="flex size-11 items-center justify-center rounded-full bg-accent text-brand"
        aria-hidden="true"
      >
        <Hammer className="size-5" />
      </span>
      <p className="text-sm text-muted-foreground">This screen is not built yet.</p>
    </div>
  );
}
