import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A list with nothing to show: said in a status region, so a new search's empty answer is announced. */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        "flex flex-col items-center gap-2 rounded-2xl border border-dashed bg-card px-4 py-10 text-center text-sm text-muted-foreground",
        className,
      )}
    >
      {children}
    </div>
  );
}
