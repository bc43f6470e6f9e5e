import { CheckCircle2, XCircle } from "lucide-react";
import { cn } from "@/lib/cn";

/** OK or Failed: the word carries the meaning, the icon decorates it. */
export function CheckResult({
  ok,
  okText = "OK",
  failedText = "Failed",
}: {
  ok: boolean;
  okText?: string;
  failedText?: string;
}) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 font-semibold",
        ok ? "text-success-strong" : "text-destructive",
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {ok ? okText : failedText}
    </span>
  );
}
