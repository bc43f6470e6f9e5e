import { historyFilterLabels } from "@satsbank/shared";
import { useRef } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useSearchText } from "@/lib/use-search-text";
import { useTransactionHistory } from "../api/list-transactions";
import { useHistoryParams } from "../lib/use-history-params";
import { useOnVisible } from "../lib/use-on-visible";
import { HistoryExportMenu } from "./history-export-menu";
import { HistoryFilterMenu } from "./history-filter-menu";
import { TransactionList } from "./transaction-list";

/**
 * The history screen's body: search (debounced, in `?q=`), the filter menu (`?filter=`), the export menu
 * (the same rows as a file), "Showing: ...", and the list, loading the next page as its end comes into view
 * (or on "Load more").
 */
export function TransactionHistory() {
  const { filter, q, setFilter, setQuery } = useHistoryParams();
  const search = useSearchText(q, setQuery);
  const searchInput = useRef<HTMLInputElement>(null);
  const history = useTransactionHistory({ filter, q });
  // After a failed page the sentinel waits for a click on "Load more", rather than asking in a loop.
  const canLoadMore =
    history.hasNextPage &&
    !history.isFetchingNextPage &&
    !history.isFetchNextPageError &&
    !history.isPlaceholderData;
  const sentinel = useOnVisible<HTMLDivElement>(() => void history.fetchNextPage(), canLoadMore);
  const items = history.data?.pages.flatMap((page) => page.items);

  function clearSearch() {
    search.clear();
    searchInput.current?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <SearchInput
          ref={searchInput}
          aria-label="Search transactions"
          placeholder="Search by address or name"
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          wrapperClassName="flex-1"
        />
        <HistoryFilterMenu value={filter} onChange={setFilter} />
        <HistoryExportMenu filter={filter} q={q} />
      </div>
      <p className="text-sm text-muted-foreground">{`Showing: ${historyFilterLabels[filter]}`}</p>

      {items ? (
        <div aria-busy={history.isPlaceholderData || undefined}>
          {items.length > 0 ? (
            <TransactionList
              transactions={items}
              label="Transactions"
              className={cn(history.isPlaceholderData && "opacity-60")}
            />
          ) : (
            <EmptyState>
              <p>No transactions found</p>
              {q && (
                <Button variant="link" onClick={clearSearch}>
                  Clear search
                </Button>
              )}
            </EmptyState>
          )}
          <LoadMore query={history} noun="transactions" sentinelRef={sentinel} />
        </div>
      ) : history.isError ? (
        <LoadError message="Your transactions could not be loaded." onRetry={() => void history.refetch()} />
      ) : (
        <Spinner label="Loading transactions" />
      )}
    </div>
  );
}
