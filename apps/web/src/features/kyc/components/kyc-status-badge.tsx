import { type KycItemStatus, kycItemStatusLabels } from "@satsbank/shared";
import { cn } from "@/lib/cn";

const TONES = {
  verified: "bg-success/15 text-success-strong",
  pending: "bg-warning/15 text-foreground",
  required: "bg-muted text-muted-foreground",
  rejected: "bg-destructive/10 text-destructive",
} as const satisfies Record<KycItemStatus, string>;

/** An item's status as a small pill: its word, never its colour alone. */
export function KycStatusBadge({ status, className }: { status: KycItemStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        TONES[status],
        className,
      )}
    >
      {kycItemStatusLabels[status]}
    </span>
  );
}
