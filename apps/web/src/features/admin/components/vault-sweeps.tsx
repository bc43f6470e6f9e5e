import type { VaultSweep } from "@satsbank/shared";
import { EmptyState } from "@/components/empty-state";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { btcText } from "@/lib/money-text";
import { adminTimeText } from "../lib/admin-time";
import { CopyableText } from "./copyable-text";
import { DetailsSection } from "./details-section";
import { StatusPill } from "./status-pill";

const STATUS = {
  signed: { label: "Signed", tone: "neutral" },
  broadcast: { label: "Broadcast", tone: "warning" },
  confirmed: { label: "Confirmed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
} as const satisfies Record<
  VaultSweep["status"],
  { label: string; tone: "neutral" | "warning" | "success" | "danger" }
>;

const TIME = (at: string) => <time dateTime={at}>{adminTimeText(at)}</time>;

/** The hot wallet's excess moved to the vault (automatic, signed by the hot key), newest first. */
export function VaultSweeps({ sweeps }: { sweeps: readonly VaultSweep[] }) {
  return (
    <DetailsSection level={2} title="Sweeps">
      <p className="text-sm text-muted-foreground">
        When the hot wallet holds more than its max, the worker moves the excess to the vault, down to the
        target.
      </p>
      {sweeps.length === 0 ? (
        <EmptyState>No sweeps yet</EmptyState>
      ) : (
        <Table scrollLabel="Sweeps table">
          <TableCaption className="sr-only">Sweeps to the cold vault, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Date &amp; Time</TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
              <TableHead scope="col" className="text-right">
                Miner fee
              </TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Confirmed</TableHead>
              <TableHead scope="col">Transaction</TableHead>
              <TableHead scope="col">Vault address</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sweeps.map((sweep) => (
              <TableRow key={sweep.txid}>
                <TableCell>{TIME(sweep.createdAt)}</TableCell>
                <TableCell className="text-right font-mono tabular-nums">
                  {btcText(BigInt(sweep.amountSats))}
                </TableCell>
                <TableCell className="text-right font-mono tabular-nums">
                  {btcText(BigInt(sweep.minerFeeSats))}
                </TableCell>
                <TableCell>
                  <StatusPill tone={STATUS[sweep.status].tone}>{STATUS[sweep.status].label}</StatusPill>
                </TableCell>
                <TableCell>
                  {sweep.confirmedAt ? (
                    <>
                      {TIME(sweep.confirmedAt)}
                      {sweep.blockHeight !== null && (
                        <span className="block text-xs text-muted-foreground">
                          {`Block ${sweep.blockHeight.toLocaleString("en-US")}`}
                        </span>
                      )}
                    </>
                  ) : (
                    "Not yet"
                  )}
                </TableCell>
                <TableCell>
                  <CopyableText value={sweep.txid} noun="txid" />
                </TableCell>
                <TableCell>
                  {sweep.address ? <CopyableText value={sweep.address} noun="address" /> : "Unknown"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailsSection>
  );
}
