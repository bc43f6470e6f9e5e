import { type HistoryFilter, historyFilterSchema } from "@satsbank/shared";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The history's filter and search live in the URL (`?filter=sent&q=alice`), so a reload, a shared link or
 * the back button shows the same list. "all" and an empty search are the defaults and leave the URL.
 * Changes replace the history entry: typing must not leave one entry per keystroke.
 */
export function useHistoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = historyFilterSchema.safeParse(searchParams.get("filter"));
  const filter: HistoryFilter = parsed.success ? parsed.data : "all";
  const q = (searchParams.get("q") ?? "").trim();

  const setParam = useCallback(
    (name: "filter" | "q", value: string, fallback: string) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === fallback) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const setFilter = useCallback((next: HistoryFilter) => setParam("filter", next, "all"), [setParam]);
  const setQuery = useCallback((next: string) => setParam("q", next.trim(), ""), [setParam]);
  return { filter, q, setFilter, setQuery };
}
