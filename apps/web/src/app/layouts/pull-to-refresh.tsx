import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { QUERIES_REFRESHED_ON_RETURN, refreshQueries } from "@/features/notifications/lib/refresh-after";
import { cn } from "@/lib/cn";

/** How far a finger must pull down from the top of the page for a refresh, in CSS pixels. */
export const PULL_THRESHOLD_PX = 64;
/** How far the indicator follows the finger. */
const PULL_MAX_PX = 96;

type Pull = { state: "idle" } | { state: "pulling"; distance: number } | { state: "refreshing" };

/**
 * Pull-to-refresh on a phone: at the top of a main screen, a finger pulled down past PULL_THRESHOLD_PX and
 * let go refreshes everything a notification can change (the balance, the history, KYC, the
 * notifications), as a tab coming back does. The browser's own pull (which would reload the whole app) is
 * turned off on these screens (`overscroll-behavior-y: contain`). Touch only: a mouse, a keyboard or a
 * screen reader use the screens' own refresh (Refresh balance) or simply come back to the tab.
 */
export function PullToRefresh() {
  const queryClient = useQueryClient();
  const [pull, setPull] = useState<Pull>({ state: "idle" });
  const start = useRef<number | null>(null);
  const distance = useRef(0);

  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = "contain";

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = event.touches.length === 1 && window.scrollY <= 0 && touch ? touch.clientY : null;
      distance.current = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (start.current === null || !touch) return;
      distance.current = Math.max(0, touch.clientY - start.current);
      setPull((now) =>
        now.state === "refreshing"
          ? now
          : { state: "pulling", distance: Math.min(distance.current, PULL_MAX_PX) },
      );
    };
    const onEnd = () => {
      const pulled = start.current !== null && distance.current >= PULL_THRESHOLD_PX;
      start.current = null;
      distance.current = 0;
      if (!pulled) {
        setPull((now) => (now.state === "refreshing" ? now : { state: "idle" }));
        return;
      }
      setPull({ state: "refreshing" });
      void refreshQueries(queryClient, QUERIES_REFRESHED_ON_RETURN).finally(() => setPull({ state: "idle" }));
    };

    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("touchend", onEnd);
    window.addEventListener("touchcancel", onEnd);
    return () => {
      root.style.overscrollBehaviorY = before;
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", onEnd);
    };
  }, [queryClient]);

  const shown =
    pull.state === "pulling" ? pull.distance : pull.state === "refreshing" ? PULL_THRESHOLD_PX : 0;
  const ready = pull.state === "pulling" && pull.distance >= PULL_THRESHOLD_PX;
  return (
    <>
      {/* Said once the refresh starts; a pull itself is not announced. */}
      <p role="status" className="sr-only">
        {pull.state === "refreshing" ? "Refreshing" : ""}
      </p>
      {shown > 0 && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-x-0 top-0 z-40 flex justify-center"
          style={{ transform: `translateY(${shown / 2}px)` }}
        >
          <span className="flex items-center gap-2 rounded-full border bg-background px-3 py-1.5 text-sm shadow-sm">
            <RefreshCw
              className={cn("size-4", pull.state === "refreshing" && "motion-safe:animate-spin")}
              aria-hidden="true"
            />
            {pull.state === "refreshing" ? "Refreshing..." : ready ? "Release to refresh" : "Pull to refresh"}
          </span>
        </div>
      )}
    </>
  );
}
