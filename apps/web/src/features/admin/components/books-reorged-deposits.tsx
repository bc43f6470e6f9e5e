import type { Books } from "@satsbank/shared";
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

/** Credited deposits whose block left the best chain: the customer keeps the credit until staff decide. */
export function BooksReorgedDeposits({ deposits }: { deposits: Books["reorgedDeposits"] }) {
  return (
    <DetailsSection level={2} title="Reorganised deposits">
      <p className="text-sm">{`${deposits.count} flagged · ${booksBtc(deposits.sumSats)}`}</p>
      {deposits.items.length > 0 && (
        <Table scrollLabel="Reorganised deposits table">
          <TableCaption className="sr-only">Reorganised deposits, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Txid</TableHead>
              <TableHead scope="col">Customer</TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
              <TableHead scope="col">Credited</TableHead>
              <TableHead scope="col">Reorganised</TableHead>
              <TableHead scope="col">In the best chain again</TableHead>
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
                <TableCell>
                  {deposit.creditedAt ? adminTimeText(deposit.creditedAt) : "Not credited"}
                </TableCell>
                <TableCell>{adminTimeText(deposit.reorgedAt)}</TableCell>
                <TableCell>{deposit.inChainAgain ? "Yes" : "No"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailsSection>
  );
}
