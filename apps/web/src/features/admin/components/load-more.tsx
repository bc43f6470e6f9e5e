import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";

export interface LoadMoreProps {
  query: Pick<
    UseInfiniteQueryResult,
    "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "isPlaceholderData" | "fetchNextPage"
  >;
  /** What the rows are, for the error line: "transactions". */
  noun: string;
}

/** The next keyset page of a staff list, on a click (a table is read, not scrolled to its end). */
export function LoadMore({ query, noun }: LoadMoreProps) {
  return (
    <>
      {query.isFetchNextPageError && (
        <p role="alert" className="pt-4 text-center text-sm">
          {`More ${noun} could not be loaded.`}
        </p>
      )}
      {query.hasNextPage && !query.isPlaceholderData && (
        <div className="flex justify-center pt-4">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}
