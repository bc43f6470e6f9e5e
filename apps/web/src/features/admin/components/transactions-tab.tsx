import { adminTransactionStatusLabels, adminTransactionTypeLabels } from "@satsbank/shared";
import { Download } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { AdminTransactionListParams } from "@/lib/query-keys";
import { transactionsExportHref } from "../api/export-transactions";
import { useAdminTransactions } from "../api/list-admin-transactions";
import { AdminTransactionsTable } from "./admin-transactions-table";
import { FilterSelect } from "./filter-select";
import { SearchField } from "./search-field";

const NO_FILTERS: AdminTransactionListParams = { q: "", type: "all", status: "all" };

/**
 * Transaction History: search by user name, address or transaction id, filter by type and status (all on
 * the server), newest first, page after page; "Export CSV" downloads the same filtered list.
 */
export function TransactionsTab() {
  const [params, setParams] = useState(NO_FILTERS);
  const transactions = useAdminTransactions(params);
  const items = transactions.data?.pages.flatMap((page) => page.items);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label="Search transactions"
          placeholder="Search by user name, address or transaction ID"
          value={params.q}
          onSearch={(q) => setParams((previous) => (previous.q === q ? previous : { ...previous, q }))}
          className="w-full sm:w-96"
        />
        <FilterSelect
          label="Type"
          value={params.type}
          options={adminTransactionTypeLabels}
          onChange={(type) => setParams((previous) => ({ ...previous, type }))}
          className="w-36"
        />
        <FilterSelect
          label="Status"
          value={params.status}
          options={adminTransactionStatusLabels}
          onChange={(status) => setParams((previous) => ({ ...previous, status }))}
          className="w-36"
        />
        <Button asChild variant="outline" className="sm:ml-auto sm:h-10">
          <a href={transactionsExportHref(params)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      {items ? (
        <div aria-busy={transactions.isPlaceholderData || undefined}>
          {items.length > 0 ? (
            <AdminTransactionsTable
              transactions={items}
              label="Transaction History"
              stale={transactions.isPlaceholderData}
            />
          ) : (
            <EmptyState>No transactions found</EmptyState>
          )}
          <LoadMore query={transactions} noun="transactions" />
        </div>
      ) : transactions.isError ? (
        <LoadError
          message="The transactions could not be loaded."
          onRetry={() => void transactions.refetch()}
        />
      ) : (
        <Spinner label="Loading transactions" />
      )}
    </div>
  );
}
