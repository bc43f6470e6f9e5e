import { type TransactionStatus, transactionStatusLabels } from "@satsbank/shared";
import { CheckCircle2, Clock, type LucideIcon, XCircle } from "lucide-react";
import { cn } from "@/lib/cn";

const ICONS: Record<TransactionStatus, { icon: LucideIcon; className: string }> = {
  completed: { icon: CheckCircle2, className: "text-success" },
  pending: { icon: Clock, className: "text-warning" },
  failed: { icon: XCircle, className: "text-destructive" },
};

/** A transaction's status: the word carries the meaning, the coloured icon decorates it. */
export function TransactionStatusLabel({
  status,
  className,
}: {
  status: TransactionStatus;
  className?: string;
}) {
  const { icon: Icon, className: colour } = ICONS[status];
  return (
    <span className={cn("inline-flex items-center gap-1", className)}>
      <Icon className={cn("size-3.5", colour)} aria-hidden="true" />
      {transactionStatusLabels[status]}
    </span>
  );
}
