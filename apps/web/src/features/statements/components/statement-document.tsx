import { formatBtc, type Statement } from "@satsbank/shared";
import type { ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { dateText, dateTimeText, timeText } from "@/lib/date-text";
import { monthTitle } from "@/lib/statement-month";

/** "+0.00100000": a credit with its "+", BTC with 8 decimals (the table's columns say BTC). */
function signedNumber(value: bigint): string {
  return `${value > 0n ? "+" : ""}${formatBtc(value)}`;
}

/** "+0.00100000 BTC": a statement's figures. */
const signedBtc = (value: bigint) => `${signedNumber(value)} BTC`;

const btc = (sats: string) => `${formatBtc(BigInt(sats))} BTC`;

function Figure({ term, children, strong = false }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className={strong ? "font-semibold" : "text-muted-foreground print:text-black"}>{term}</dt>
      <dd className={`font-mono tabular-nums ${strong ? "font-semibold" : ""}`}>{children}</dd>
    </div>
  );
}

/**
 * A monthly statement as a document: the bank, the customer, the period, the opening balance, every posting
 * with the balance after it, the totals and fees, the closing balance. The customer's page and staff's show
 * this same component; in print it is black on white, whatever the theme.
 */
export function StatementDocument({ statement }: { statement: Statement }) {
  const { bankName, customer, period, entries } = statement;
  const title = `Statement for ${monthTitle(period.month)}`;
  // The period's last day: the instant before the next month's first.
  const lastDay = new Date(new Date(period.to).getTime() - 1).toISOString();
  return (
    <article
      aria-labelledby="statement-title"
      className="flex flex-col gap-6 rounded-xl border bg-card p-4 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:**:text-black"
    >
      <header className="flex flex-col gap-1">
        <p className="text-lg font-bold">{bankName}</p>
        <h2 id="statement-title" className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground print:text-black">
          {dateText(period.from)} to {dateText(lastDay)} (times in {period.timeZone})
        </p>
      </header>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground print:text-black">Customer</dt>
        <dd className="font-medium break-words">{customer.name}</dd>
        <dt className="text-muted-foreground print:text-black">Username</dt>
        <dd className="font-medium break-words">@{customer.username}</dd>
        <dt className="text-muted-foreground print:text-black">Email</dt>
        <dd className="font-medium break-all">{customer.email}</dd>
      </dl>
      <dl className="text-sm">
        <Figure term="Opening balance">{btc(statement.openingBalanceSats)}</Figure>
      </dl>
      <Table scrollLabel="Statement entries" className="print:text-xs">
        <caption className="mt-3 px-2 text-left text-xs text-muted-foreground print:text-black">
          {entries.length === 0
            ? `No movements in ${monthTitle(period.month)}.`
            : `${entries.length} ${entries.length === 1 ? "movement" : "movements"} in ${monthTitle(period.month)}, oldest first.`}
        </caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className="px-2 print:text-black">
              Date & Time
            </TableHead>
            <TableHead scope="col" className="px-2 print:text-black">
              Description
            </TableHead>
            <TableHead scope="col" className="px-2 text-right whitespace-normal print:text-black">
              Amount (BTC)
            </TableHead>
            <TableHead scope="col" className="px-2 text-right whitespace-normal print:text-black">
              Balance (BTC)
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow
              key={`${entry.at} ${entry.amountSats} ${entry.balanceAfterSats}`}
              className="break-inside-avoid"
            >
              <TableCell className="px-2 align-top">
                <time dateTime={entry.at} className="flex flex-col">
                  <span>{dateText(entry.at)}</span>{" "}
                  <span className="text-xs text-muted-foreground print:text-black">{timeText(entry.at)}</span>
                </time>
              </TableCell>
              <TableCell className="min-w-32 px-2 align-top whitespace-normal">
                <span className="wrap-anywhere">{entry.description}</span>
                {entry.label && (
                  <span className="block text-xs text-muted-foreground print:text-black">
                    Label: {entry.label}
                  </span>
                )}
                {entry.note && (
                  <span className="block text-xs text-muted-foreground print:text-black">
                    Note: {entry.note}
                  </span>
                )}
                {entry.txid && (
                  <span className="block font-mono text-xs break-all text-muted-foreground print:text-black">
                    Txid: {entry.txid}
                  </span>
                )}
              </TableCell>
              <TableCell className="px-2 text-right align-top font-mono text-xs tabular-nums">
                {signedNumber(BigInt(entry.amountSats))}
              </TableCell>
              <TableCell className="px-2 text-right align-top font-mono text-xs tabular-nums">
                {formatBtc(BigInt(entry.balanceAfterSats))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <dl className="divide-y text-sm sm:ml-auto sm:w-96">
        <Figure term="Opening balance">{btc(statement.openingBalanceSats)}</Figure>
        <Figure term="Money in">{signedBtc(BigInt(statement.totalInSats))}</Figure>
        <Figure term="Money out">{signedBtc(-BigInt(statement.totalOutSats))}</Figure>
        <Figure term="Of which fees">{btc(statement.feesSats)}</Figure>
        <Figure term="Closing balance" strong>
          {btc(statement.closingBalanceSats)}
        </Figure>
      </dl>
      <footer className="text-xs text-muted-foreground print:text-black">
        Generated {dateTimeText(statement.generatedAt)}. Balances are the bank's ledger's at the period's
        start and end.
      </footer>
    </article>
  );
}
