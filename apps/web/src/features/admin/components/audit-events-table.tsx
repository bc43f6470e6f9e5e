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
import { AuditDetails, AuditPerson, AuditWhen } from "./audit-event-parts";
import { CopyableText } from "./copyable-text";

/** Cells that wrap inside their column, a word too long for it broken where it must be. */
const WRAP = "whitespace-normal break-words";

/**
 * The columns, and their shares of the table's width from 1280px, where the table is laid out at its
 * container's width (table-fixed) and every column wraps inside its share: laid out by its content, the
 * table ran Details and From past a laptop's window. Narrower, it scrolls sideways in its region. Without
 * the Customer column (User Details), Reason and Details take its share.
 */
const COLUMNS = [
  { header: "Date & Time", width: "xl:w-[10%]" },
  { header: "Staff", width: "xl:w-[13%]" },
  { header: "Action", width: "xl:w-[9.5%]" },
  { header: "Customer", width: "xl:w-[13%]" },
  { header: "Target", width: "xl:w-[12%]" },
  { header: "Reason", width: "xl:w-[13.5%]", alone: "xl:w-[19%]" },
  { header: "Details", width: "xl:w-[18.5%]", alone: "xl:w-[26%]" },
  { header: "From", width: "xl:w-[10.5%]" },
] as const satisfies readonly { header: string; width: string; alone?: string }[];

export interface AuditEventsTableProps {
  events: readonly AuditEvent[];
  label: string;
  stale?: boolean;
  /** The Customer column; left out where every row is about one customer (User Details). */
  showCustomer?: boolean;
}

/** Audit log entries: when, who, what (to what and whom), why, from where. Read-only. */
export function AuditEventsTable({ events, label, stale, showCustomer = true }: AuditEventsTableProps) {
  const shown = showCustomer ? COLUMNS : COLUMNS.filter(({ header }) => header !== "Customer");
  return (
    <Table scrollLabel={`${label} table`} className={cn("xl:table-fixed", stale && "opacity-60")}>
      <TableCaption className="sr-only">{label}</TableCaption>
      <colgroup>
        {shown.map((column) => (
          <col
            key={column.header}
            className={!showCustomer && "alone" in column ? column.alone : column.width}
          />
        ))}
      </colgroup>
      <TableHeader>
        <TableRow>
          {shown.map(({ header }) => (
            <TableHead key={header} scope="col">
              {header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          // The cells' own alignment is middle: a row made tall by its details reads from the top.
          <TableRow key={event.id} className="[&>td]:align-top">
            <TableCell className="min-w-28 whitespace-normal">
              <AuditWhen at={event.createdAt} />
            </TableCell>
            <TableCell className={cn(WRAP, "max-w-48 min-w-32")}>
              <AuditPerson name={event.actor.name} email={event.actor.email} />
            </TableCell>
            <TableCell className="min-w-36 whitespace-normal">{auditActionLabels[event.action]}</TableCell>
            {showCustomer && (
              <TableCell className={cn(WRAP, "max-w-48 min-w-32")}>
                {event.customer ? (
                  <AuditPerson name={event.customer.name} email={event.customer.email} />
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
            )}
            <TableCell className="whitespace-normal">
              <span className="block">{auditTargetTypeLabels[event.target.type]}</span>
              {event.target.id && <CopyableText value={event.target.id} noun="target ID" head={8} tail={4} />}
            </TableCell>
            <TableCell className={cn(WRAP, "max-w-56 min-w-36")}>
              {event.reason ?? <span className="text-muted-foreground">None</span>}
            </TableCell>
            <TableCell className={cn(WRAP, "max-w-64 min-w-44 text-xs")}>
              <AuditDetails details={event.details} />
            </TableCell>
            <TableCell className={cn(WRAP, "max-w-44 min-w-28 text-xs")}>
              {event.ipAddress ?? "Not over the web"}
              {event.userAgent && (
                <span className="line-clamp-2 text-muted-foreground" title={event.userAgent}>
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
