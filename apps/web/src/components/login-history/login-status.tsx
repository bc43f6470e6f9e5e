import { type LoginStatus, type SuspicionReason, suspicionReasonLabels } from "@satsbank/shared";
import { AlertTriangle, CheckCircle2, type LucideIcon, XCircle } from "lucide-react";
import { cn } from "@/lib/cn";

const STATUS: Record<LoginStatus, { label: string; icon: LucideIcon; className: string }> = {
  success: { label: "Success", icon: CheckCircle2, className: "text-success" },
  failed: { label: "Failed", icon: XCircle, className: "text-destructive" },
  suspicious: { label: "Suspicious", icon: AlertTriangle, className: "text-warning" },
};

/**
 * A sign-in attempt's outcome: a coloured icon (decoration) and the word (the meaning); under a
 * suspicious one, why ("New device, New location"), as text every reader reads with the status.
 */
export function LoginStatusLabel({
  status,
  reasons = [],
}: {
  status: LoginStatus;
  reasons?: readonly SuspicionReason[];
}) {
  const { label, icon: Icon, className } = STATUS[status];
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span className="inline-flex items-center gap-1.5 font-medium">
        <Icon className={cn("size-4", className)} aria-hidden="true" />
        {label}
      </span>
      {reasons.length > 0 && (
        <span className="text-xs whitespace-normal text-muted-foreground">
          <span className="sr-only">: </span>
          {reasons.map((reason) => suspicionReasonLabels[reason]).join(", ")}
        </span>
      )}
    </span>
  );
}
