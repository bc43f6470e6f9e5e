import { historyFilterLabels } from "@satsbank/shared";
import { Search } from "lucide-react";
import { useRef } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useSearchText } from "@/lib/use-search-text";
import { useTransactionHistory } from "../api/list-transactions";
import { useHistoryParams } from "../lib/use-history-params";
import { useOnVisible } from "../lib/use-on-visible";
import { HistoryFilterMenu } from "./history-filter-menu";
import { TransactionList } from "./transaction-list";

const SEARCH_MAX_LENGTH = 100;

/**
 * The history screen's body: search (debounced, in `?q=`), the filter menu (`?filter=`), "Showing: ...",
 * and the list, loading the next page as its end comes into view (or on "Load more").
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
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            ref={searchInput}
            type="search"
            aria-label="Search transactions"
            placeholder="Search by address or name"
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
            className="pl-10"
          />
        </div>
        <HistoryFilterMenu value={filter} onChange={setFilter} />
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
            <div
              role="status"
              className="flex flex-col items-center gap-2 rounded-2xl border border-dashed bg-card px-4 py-10 text-center"
            >
              <p className="text-sm text-muted-foreground">No transactions found</p>
              {q && (
                <Button variant="link" onClick={clearSearch}>
                  Clear search
                </Button>
              )}
            </div>
          )}
          {history.isFetchNextPageError && (
            <p role="alert" className="pt-4 text-center text-sm">
              More transactions could not be loaded.
            </p>
          )}
          {history.hasNextPage && !history.isPlaceholderData && (
            <div ref={sentinel} className="flex justify-center pt-4">
              <Button
                variant="outline"
                onClick={() => void history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? "Loading..." : "Load more"}
              </Button>
            </div>
          )}
        </div>
      ) : history.isError ? (
        <LoadError message="Your transactions could not be loaded." onRetry={() => void history.refetch()} />
      ) : (
        <Spinner label="Loading transactions" />
      )}
    </div>
  );
}
