import { CheckCircle2, XCircle } from "lucide-react";
import { btcText } from "@/lib/money-text";
import type { ProofCheck } from "../lib/check-proof";

/** 1234n -> "1,234". */
export function groupedDigits(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The liabilities check's outcome: the customer's balance counted in the signed total, with a check mark;
 * or every check that failed, in words, and no check mark.
 */
export function ProofResult({ check }: { check: ProofCheck }) {
  if (check.ok) {
    return (
      <p className="flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm">
        <CheckCircle2
          className="mt-0.5 size-5 shrink-0 text-success-strong"
          role="img"
          aria-label="Verified"
        />
        <span>
          Your balance of {btcText(check.balance)} is included in the bank's total liabilities of{" "}
          {btcText(check.total)} (epoch {check.epoch.toString()}, block {groupedDigits(check.blockHeight)})
        </span>
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
    >
      <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">This proof does not verify. Your browser found:</p>
        <ul className="flex list-disc flex-col gap-1 pl-4">
          {check.failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
