import type { AuditEvent } from "@satsbank/shared";
import { timeText } from "@/lib/date-text";
import { cutLongWords } from "@/lib/long-words";
import { adminDateText } from "../lib/admin-time";
import { auditDetails } from "../lib/audit-details";
import { EmailText } from "./email-text";

/** "Apr 17, 2025 16:20", the day on one line and the time below it when the column is narrow. */
export function AuditWhen({ at }: { at: string }) {
  return (
    <time dateTime={at}>
      <span className="whitespace-nowrap">{adminDateText(at)}</span>{" "}
      <span className="whitespace-nowrap">{timeText(at)}</span>
    </time>
  );
}

/** A person: the name, the email address below it. */
export function AuditPerson({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className="block text-xs text-muted-foreground">
        <EmailText email={email} />
      </span>
    </>
  );
}

/** An action's particulars, labelled in words ("Sessions ended: 2"), an address or a txid cut in the middle. */
export function AuditDetails({ details }: { details: AuditEvent["details"] }) {
  const items = auditDetails(details);
  if (items.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <dl className="flex flex-col gap-1">
      {items.map(({ label, text }) => (
        <div key={label}>
          <dt className="inline text-muted-foreground">{`${label}: `}</dt>
          <dd className="inline">{cutLongWords(text)}</dd>
        </div>
      ))}
    </dl>
  );
}
