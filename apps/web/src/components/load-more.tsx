import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export interface LoadMoreProps {
  query: Pick<
    UseInfiniteQueryResult,
    "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "isPlaceholderData" | "fetchNextPage"
  >;
  /** What the rows are, for the error line: "transactions". */
  noun: string;
  /** The button's row, for a list that also loads the next page as its end comes into view. */
  sentinelRef?: Ref<HTMLDivElement>;
  className?: string;
}

/** The next keyset page of a list on "Load more", and a line when it could not be loaded. */
export function LoadMore({ query, noun, sentinelRef, className }: LoadMoreProps) {
  return (
    <>
      {query.isFetchNextPageError && (
        <p role="alert" className={cn("pt-4 text-center text-sm", className)}>
          {`More ${noun} could not be loaded.`}
        </p>
      )}
      {query.hasNextPage && !query.isPlaceholderData && (
        <div ref={sentinelRef} className={cn("flex justify-center pt-4", className)}>
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
