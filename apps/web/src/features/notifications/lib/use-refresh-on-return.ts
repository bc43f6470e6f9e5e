import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { QUERIES_REFRESHED_ON_RETURN, refreshQueries } from "./refresh-after";

/**
 * A tab the customer comes back to (shown again, or its window focused again) asks for everything a
 * notification can affect: money may have moved while it was hidden, and a hidden tab's stream may have
 * been cut. Once per return: leaving (hidden or blurred) arms it, the first of the two return events fires it.
 */
export function useRefreshOnReturn(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let away = false;
    const leave = () => {
      away = true;
    };
    const back = () => {
      if (!away || document.visibilityState === "hidden") return;
      away = false;
      void refreshQueries(queryClient, QUERIES_REFRESHED_ON_RETURN);
    };
    const onVisibility = () => (document.visibilityState === "hidden" ? leave() : back());
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("blur", leave);
    window.addEventListener("focus", back);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("blur", leave);
      window.removeEventListener("focus", back);
    };
  }, [queryClient]);
}
