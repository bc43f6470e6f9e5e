import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

/** A loading indicator that says what is loading (role="status"; the label is for screen readers). */
export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <div role="status" data-slot="spinner" className={cn("flex items-center justify-center py-6", className)}>
      <LoaderCircle
        className="size-6 animate-spin text-brand motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
