import {
  type LoginHistoryEntry,
  type LoginStatus,
  loginEventKindLabels,
  type SignInMethod,
  type SuspicionReason,
  signInMethodLabels,
  suspicionReasonLabels,
} from "@satsbank/shared";
import { AlertTriangle, CheckCircle2, KeyRound, type LucideIcon, XCircle } from "lucide-react";
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
  method = null,
}: {
  status: LoginStatus;
  reasons?: readonly SuspicionReason[];
  /** How the sign-in was proved, said when it was not the usual password and code. */
  method?: SignInMethod | null;
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
      {method !== null && method !== "password" && (
        <span className="text-xs whitespace-normal text-muted-foreground">
          <span className="sr-only">, </span>
          {`Method: ${signInMethodLabels[method]}`}
        </span>
      )}
    </span>
  );
}

/**
 * A login history entry's status: a sign-in's outcome (and its method when it was a passkey or a recovery
 * code), or a change to the account's passkeys ("Passkey added: Work laptop"), which the history records
 * beside the sign-ins.
 */
export function LoginEntryStatus({
  entry,
}: {
  entry: Pick<LoginHistoryEntry, "kind" | "status" | "reasons" | "method" | "passkeyName">;
}) {
  if (entry.kind === "signIn") {
    return <LoginStatusLabel status={entry.status} reasons={entry.reasons} method={entry.method} />;
  }
  const label = loginEventKindLabels[entry.kind];
  return (
    <span className="inline-flex items-center gap-1.5 font-medium whitespace-normal">
      <KeyRound className="size-4 shrink-0 text-brand" aria-hidden="true" />
      {entry.passkeyName === null ? label : `${label}: ${entry.passkeyName}`}
    </span>
  );
}
