import type { LoginHistoryEntry } from "@satsbank/shared";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { dateTimeText } from "@/lib/date-text";
import { LoginEntryStatus } from "./login-status";

/**
 * Sign-in attempts (and passkey changes) in the order the server gives them (newest first), where five columns fit. Device and
 * location wrap rather than push the last columns out of sight.
 */
export function LoginHistoryTable({
  entries,
  scrollLabel = "Login history",
}: {
  entries: readonly LoginHistoryEntry[];
  /** The scrolling region's name (default "Login history"). */
  scrollLabel?: string;
}) {
  return (
    <Table scrollLabel={scrollLabel}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Date & Time</TableHead>
          <TableHead scope="col">Device</TableHead>
          <TableHead scope="col">Location</TableHead>
          <TableHead scope="col">IP Address</TableHead>
          <TableHead scope="col">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>
              <time dateTime={entry.timestamp}>{dateTimeText(entry.timestamp)}</time>
            </TableCell>
            <TableCell className="whitespace-normal">{entry.device}</TableCell>
            <TableCell className="whitespace-normal">{entry.location}</TableCell>
            <TableCell className="font-mono text-xs">{entry.ipAddress}</TableCell>
            <TableCell>
              <LoginEntryStatus entry={entry} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
