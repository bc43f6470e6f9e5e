import type { LoginStatus } from "@satsbank/shared";
import { AlertTriangle, CheckCircle2, type LucideIcon, XCircle } from "lucide-react";
import { cn } from "@/lib/cn";

const STATUS: Record<LoginStatus, { label: string; icon: LucideIcon; className: string }> = {
  success: { label: "Success", icon: CheckCircle2, className: "text-success" },
  failed: { label: "Failed", icon: XCircle, className: "text-destructive" },
  suspicious: { label: "Suspicious", icon: AlertTriangle, className: "text-warning" },
};

/** A sign-in attempt's outcome: a coloured icon (decoration) and the word (the meaning). */
export function LoginStatusLabel({ status }: { status: LoginStatus }) {
  const { label, icon: Icon, className } = STATUS[status];
  return (
    <span className="inline-flex items-center gap-1.5 font-medium">
      <Icon className={cn("size-4", className)} aria-hidden="true" />
      {label}
    </span>
  );
}
