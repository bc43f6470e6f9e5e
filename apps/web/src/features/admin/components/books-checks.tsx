import type { Books } from "@satsbank/shared";
import type { ReactNode } from "react";
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
import { CheckResult } from "./check-result";
import { DetailsSection } from "./details-section";

/** A figure of the books as BTC: the checks' figures may be negative text when the books are broken. */
export function booksBtc(sats: string): string {
  return btcText(BigInt(sats));
}

function checksOf(books: Books): { name: string; ok: boolean; detail: ReactNode }[] {
  const { ledger, hotWallet, coldVault, reserves } = books;
  return [
    {
      name: "The books balance (every balance sums to zero)",
      ok: ledger.booksBalanced,
      detail: `Sum of every balance: ${booksBtc(ledger.totalSats)}`,
    },
    {
      name: "No customer balance is negative",
      ok: ledger.negativeCustomerAccounts === 0,
      detail: `${ledger.negativeCustomerAccounts} negative customer accounts`,
    },
    {
      name: "Every balance equals the sum of its transfers",
      ok: ledger.mismatchedAccounts === 0,
      detail: `${ledger.mismatchedAccounts} mismatched accounts`,
    },
    {
      name: "The hot wallet's ledger balance equals its coins",
      ok: hotWallet.matches,
      detail: `Ledger ${booksBtc(hotWallet.ledgerSats)}, coins ${booksBtc(hotWallet.coinsSats)}`,
    },
    {
      name: "The cold vault's ledger balance equals its coins",
      ok: coldVault.matches,
      detail: `Ledger ${booksBtc(coldVault.ledgerSats)}, coins ${booksBtc(coldVault.coinsSats)}`,
    },
    {
      name: "Reserves cover liabilities",
      ok: reserves.covered,
      detail: `Reserves ${booksBtc(reserves.reservesSats)}, liabilities ${booksBtc(reserves.liabilitiesSats)}`,
    },
  ];
}

/** The invariants of the books, one row each: OK or Failed, and the figures behind it. */
export function BooksChecks({ books }: { books: Books }) {
  return (
    <DetailsSection level={2} title="Invariants">
      <Table scrollLabel="Invariants table">
        <TableCaption className="sr-only">Invariants of the books</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Check</TableHead>
            <TableHead scope="col">Result</TableHead>
            <TableHead scope="col">Detail</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {checksOf(books).map((check) => (
            <TableRow key={check.name}>
              <TableHead
                scope="row"
                className="h-auto py-2.5 text-sm font-medium whitespace-normal text-foreground"
              >
                {check.name}
              </TableHead>
              <TableCell>
                <CheckResult ok={check.ok} />
              </TableCell>
              <TableCell className="font-mono text-xs whitespace-normal">{check.detail}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DetailsSection>
  );
}
