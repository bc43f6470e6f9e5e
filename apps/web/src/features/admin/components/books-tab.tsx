import { RefreshCw } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useBooks } from "../api/get-books";
import { adminTimeText } from "../lib/admin-time";
import { BooksChain } from "./books-chain";
import { BooksChecks } from "./books-checks";
import { BooksFigures } from "./books-figures";
import { BooksReorgedDeposits } from "./books-reorged-deposits";
import { BooksSolvency } from "./books-solvency";
import { CheckResult } from "./check-result";
import { ProofOfReservesSection } from "./proof-of-reserves-section";
import { VaultSweeps } from "./vault-sweeps";

/**
 * Books: the solvency watchdog's last check (reserves on the chain against liabilities, the pause), the
 * ledger's invariants as ok/failed rows (the hot wallet's and the vault's coins among them), the figures
 * behind them, the proof of reserves' epochs, reorganised deposits, the sweeps to the vault and the follower.
 */
export function BooksTab() {
  const books = useBooks();
  if (books.isPending) return <Spinner label="Checking the books" />;
  if (books.isError) {
    return <LoadError message="The books could not be checked." onRetry={() => void books.refetch()} />;
  }
  const data = books.data;
  return (
    <div className="flex flex-col gap-6" aria-busy={books.isFetching || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <CheckResult ok={data.ok} okText="Every check holds" failedText="A check failed" />
          <span className="text-muted-foreground">
            {"Checked "}
            <time dateTime={data.checkedAt}>{adminTimeText(data.checkedAt)}</time>
          </span>
        </p>
        <Button variant="outline" size="sm" onClick={() => void books.refetch()} disabled={books.isFetching}>
          <RefreshCw aria-hidden="true" />
          {books.isFetching ? "Checking..." : "Check again"}
        </Button>
      </div>
      <BooksSolvency solvency={data.solvency} />
      <BooksChecks books={data} />
      <BooksFigures books={data} />
      <ProofOfReservesSection />
      <BooksReorgedDeposits deposits={data.reorgedDeposits} />
      <VaultSweeps sweeps={data.sweeps} />
      <BooksChain chain={data.chain} />
    </div>
  );
}
