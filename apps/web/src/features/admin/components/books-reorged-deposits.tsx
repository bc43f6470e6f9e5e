import type { Books, ReorgedDeposit } from "@satsbank/shared";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { adminTimeText } from "../lib/admin-time";
import { booksBtc } from "./books-checks";
import { CopyableText } from "./copyable-text";
import { DetailsSection } from "./details-section";
import { ResolveDepositDialog } from "./resolve-deposit-dialog";
import { StatusPill } from "./status-pill";

const TIME = (at: string) => <time dateTime={at}>{adminTimeText(at)}</time>;

/** Open: neither back in a block nor resolved; staff may reverse or absorb it. */
function isOpen(deposit: ReorgedDeposit): boolean {
  return deposit.resolution === null && !deposit.inChainAgain;
}

/** Where the deposit stands: resolved by staff (and when), back in the chain, or waiting for staff. */
function Status({ deposit }: { deposit: ReorgedDeposit }) {
  if (deposit.resolution !== null) {
    return (
      <span className="flex flex-col items-start gap-1">
        <StatusPill tone="neutral">{deposit.resolution === "reversed" ? "Reversed" : "Absorbed"}</StatusPill>
        {deposit.resolvedAt && <span className="text-xs">{TIME(deposit.resolvedAt)}</span>}
      </span>
    );
  }
  if (deposit.inChainAgain) return <StatusPill tone="success">Back in the chain</StatusPill>;
  return <StatusPill tone="warning">Waiting for staff</StatusPill>;
}

/**
 * Credited deposits whose block left the best chain: what the customer still had of each is held until it
 * confirms again, or staff reverse it (taken back from the customer) or absorb it (the bank's loss).
 */
export function BooksReorgedDeposits({ deposits }: { deposits: Books["reorgedDeposits"] }) {
  return (
    <DetailsSection level={2} title="Reorganised deposits">
      <p className="text-sm">{`${deposits.count} flagged · ${booksBtc(deposits.sumSats)}`}</p>
      {deposits.items.length > 0 && (
        <Table scrollLabel="Reorganised deposits table">
          <TableCaption className="sr-only">Reorganised deposits, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Deposit</TableHead>
              <TableHead scope="col">Customer</TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
              <TableHead scope="col" className="text-right">
                On hold
              </TableHead>
              <TableHead scope="col">Reorganised</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deposits.items.map((deposit) => (
              <TableRow key={`${deposit.txid}:${deposit.vout}`}>
                <TableCell>
                  <CopyableText value={`${deposit.txid}:${deposit.vout}`} noun="outpoint" />
                </TableCell>
                <TableCell>{`${deposit.customer.name} (@${deposit.customer.username})`}</TableCell>
                <TableCell className="text-right font-mono tabular-nums">
                  {booksBtc(deposit.valueSats)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {deposit.heldSats === null ? (
                    <span className="text-muted-foreground">Nothing held</span>
                  ) : (
                    <span className="font-mono">{booksBtc(deposit.heldSats)}</span>
                  )}
                </TableCell>
                <TableCell>
                  {TIME(deposit.reorgedAt)}
                  <span className="block text-xs text-muted-foreground">
                    {deposit.creditedAt ? (
                      <>
                        {"Credited "}
                        {TIME(deposit.creditedAt)}
                      </>
                    ) : (
                      "Not credited"
                    )}
                  </span>
                </TableCell>
                <TableCell>
                  <Status deposit={deposit} />
                </TableCell>
                <TableCell>
                  {isOpen(deposit) ? (
                    <span className="flex gap-2">
                      <ResolveDepositDialog deposit={deposit} resolution="reverse" />
                      <ResolveDepositDialog deposit={deposit} resolution="absorb" />
                    </span>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailsSection>
  );
}
