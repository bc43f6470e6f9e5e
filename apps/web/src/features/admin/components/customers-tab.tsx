import { ADMIN_PAGE_SIZE, type CustomerSort } from "@satsbank/shared";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import type { AdminCustomerListParams } from "@/lib/query-keys";
import { useCustomers } from "../api/list-customers";
import { CustomersTable } from "./customers-table";
import { Pagination } from "./pagination";
import { SearchField } from "./search-field";

const FIRST_PAGE: AdminCustomerListParams = { q: "", sort: "joinedAt", order: "desc", page: 1 };

/** Banking Customers: search by name or email, sort by a column, page through; View opens User Details. */
export function CustomersTab() {
  const [params, setParams] = useState(FIRST_PAGE);
  const customers = useCustomers(params);
  const page = customers.data;

  function sortBy(column: CustomerSort) {
    setParams((previous) => ({
      ...previous,
      sort: column,
      order: previous.sort === column && previous.order === "asc" ? "desc" : "asc",
      page: 1,
    }));
  }

  return (
    <div className="flex flex-col gap-4">
      <SearchField
        label="Search customers"
        placeholder="Search by name or email"
        value={params.q}
        onSearch={(q) => setParams((previous) => (previous.q === q ? previous : { ...previous, q, page: 1 }))}
        className="max-w-md"
      />
      {page ? (
        <div aria-busy={customers.isPlaceholderData || undefined}>
          {page.items.length > 0 ? (
            <>
              <CustomersTable
                customers={page.items}
                sort={params.sort}
                order={params.order}
                onSort={sortBy}
                stale={customers.isPlaceholderData}
              />
              <Pagination
                page={page.page}
                pageSize={page.pageSize || ADMIN_PAGE_SIZE}
                total={page.total}
                noun="customers"
                onPage={(next) => setParams((previous) => ({ ...previous, page: next }))}
                disabled={customers.isPlaceholderData}
              />
            </>
          ) : (
            <EmptyState>{params.q ? `No customers match "${params.q}"` : "No customers yet"}</EmptyState>
          )}
        </div>
      ) : customers.isError ? (
        <LoadError message="The customers could not be loaded." onRetry={() => void customers.refetch()} />
      ) : (
        <Spinner label="Loading customers" />
      )}
    </div>
  );
}
