import { type AuditEvent, auditActionLabels, auditTargetTypeLabels } from "@satsbank/shared";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { cutLongWords } from "@/lib/long-words";
import { adminTimeText } from "../lib/admin-time";
import { auditDetails } from "../lib/audit-details";
import { CopyableText } from "./copyable-text";

/** An action's particulars, labelled in words ("Sessions ended 2"), an address or a txid cut in the middle. */
function Details({ details }: { details: AuditEvent["details"] }) {
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

/** A person: the name, the email address below it, both wrapping within the column rather than widening it. */
function Person({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className="block text-xs text-muted-foreground">{email}</span>
    </>
  );
}

/** Cells that wrap inside a bounded width, a long email or word broken where it must be. */
const WRAP = "whitespace-normal [overflow-wrap:anywhere]";

export interface AuditEventsTableProps {
  events: readonly AuditEvent[];
  label: string;
  stale?: boolean;
  /** The Customer column; left out where every row is about one customer (User Details). */
  showCustomer?: boolean;
}

/** Audit log entries: when, who, what (to what and whom), why, from where. Read-only. */
export function AuditEventsTable({ events, label, stale, showCustomer = true }: AuditEventsTableProps) {
  return (
    <Table scrollLabel={`${label} table`} className={cn(stale && "opacity-60")}>
      <TableCaption className="sr-only">{label}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Date & Time</TableHead>
          <TableHead scope="col">Staff</TableHead>
          <TableHead scope="col">Action</TableHead>
          {showCustomer && <TableHead scope="col">Customer</TableHead>}
          <TableHead scope="col">Target</TableHead>
          <TableHead scope="col">Reason</TableHead>
          <TableHead scope="col">Details</TableHead>
          <TableHead scope="col">From</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          // The cells' own alignment is middle: a row made tall by its details reads from the top.
          <TableRow key={event.id} className="[&>td]:align-top">
            <TableCell>
              <time dateTime={event.createdAt}>{adminTimeText(event.createdAt)}</time>
            </TableCell>
            <TableCell className={cn(WRAP, "min-w-32 max-w-48")}>
              <Person name={event.actor.name} email={event.actor.email} />
            </TableCell>
            <TableCell className="min-w-36 whitespace-normal">{auditActionLabels[event.action]}</TableCell>
            {showCustomer && (
              <TableCell className={cn(WRAP, "min-w-32 max-w-48")}>
                {event.customer ? (
                  <Person name={event.customer.name} email={event.customer.email} />
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
            )}
            <TableCell>
              <span className="block">{auditTargetTypeLabels[event.target.type]}</span>
              {event.target.id && <CopyableText value={event.target.id} noun="target ID" head={8} tail={4} />}
            </TableCell>
            <TableCell className={cn(WRAP, "max-w-56 min-w-36")}>
              {event.reason ?? <span className="text-muted-foreground">None</span>}
            </TableCell>
            <TableCell className={cn(WRAP, "max-w-64 min-w-44 text-xs")}>
              <Details details={event.details} />
            </TableCell>
            <TableCell className={cn(WRAP, "max-w-44 min-w-28 text-xs")}>
              {event.ipAddress ?? "Not over the web"}
              {event.userAgent && (
                <span className="block truncate text-muted-foreground" title={event.userAgent}>
                  {event.userAgent}
                </span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
