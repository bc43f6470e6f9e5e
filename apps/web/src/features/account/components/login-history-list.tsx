import type { LoginHistoryEntry } from "@satsbank/shared";
import type { ReactNode } from "react";
import { LoginEntryStatus } from "@/components/login-history/login-status";
import { dateTimeText } from "@/lib/date-text";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className="shrink-0 text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * The narrow screen's login history: one card per sign-in attempt or passkey change (newest first, as the
 * server gives them), every field with its label, where the table's five columns would not fit.
 */
export function LoginHistoryList({ entries }: { entries: readonly LoginHistoryEntry[] }) {
  return (
    <ul aria-label="Sign-in attempts" className="flex flex-col gap-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border bg-card px-3 py-2">
          <dl>
            <Field label="Date & Time">
              <time dateTime={entry.timestamp} className="font-medium">
                {dateTimeText(entry.timestamp)}
              </time>
            </Field>
            <Field label="Device">{entry.device}</Field>
            <Field label="Location">{entry.location}</Field>
            <Field label="IP Address">
              <span className="font-mono text-xs">{entry.ipAddress}</span>
            </Field>
            <Field label="Status">
              <LoginEntryStatus entry={entry} />
            </Field>
          </dl>
        </li>
      ))}
    </ul>
  );
}
