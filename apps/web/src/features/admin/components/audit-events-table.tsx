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
import { adminTimeText } from "../lib/admin-time";
import { CopyableText } from "./copyable-text";

/** An action's particulars on one line each: "decision: approve". */
function detailLines(details: AuditEvent["details"]): string[] {
  return Object.entries(details).map(
    ([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
}

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
            <TableCell>
              <span className="block font-medium">{event.actor.name}</span>
              <span className="block text-xs text-muted-foreground">{event.actor.email}</span>
            </TableCell>
            <TableCell className="min-w-36 whitespace-normal">{auditActionLabels[event.action]}</TableCell>
            {showCustomer && (
              <TableCell>
                {event.customer ? (
                  <>
                    <span className="block">{event.customer.name}</span>
                    <span className="block text-xs text-muted-foreground">{event.customer.email}</span>
                  </>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
            )}
            <TableCell>
              <span className="block">{auditTargetTypeLabels[event.target.type]}</span>
              {event.target.id && <CopyableText value={event.target.id} noun="target ID" head={8} tail={4} />}
            </TableCell>
            <TableCell className="max-w-xs min-w-40 whitespace-normal break-words">
              {event.reason ?? <span className="text-muted-foreground">None</span>}
            </TableCell>
            <TableCell className="max-w-xs whitespace-normal break-words font-mono text-xs">
              {detailLines(event.details).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </TableCell>
            <TableCell className="max-w-56 whitespace-normal text-xs">
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
