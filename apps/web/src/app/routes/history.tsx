import { PageHeader } from "@/components/layout/page-header";
import { TransactionHistory } from "@/features/transactions/components/transaction-history";

/** Screen: transaction history. Search, filter and the whole list, page by page. */
export function HistoryScreen() {
  return (
    <>
      <PageHeader title="Transaction History" />
      <TransactionHistory />
    </>
  );
}
