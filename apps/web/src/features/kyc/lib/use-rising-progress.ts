import { useEffect, useState } from "react";
import { KYC_PROGRESS_HOLD, KYC_PROGRESS_STEP, KYC_PROGRESS_STEP_MS } from "@/lib/ui-config";

/**
 * The status screen's bar: while the submission is pending it rises 5 points every 500 ms and holds at
 * 95, since only the reviewer's decision ends the wait; decided, it is full.
 */
export function useRisingProgress(pending: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(
      () => setProgress((value) => Math.min(value + KYC_PROGRESS_STEP, KYC_PROGRESS_HOLD)),
      KYC_PROGRESS_STEP_MS,
    );
    return () => window.clearInterval(timer);
  }, [pending]);
  return pending ? progress : 100;
}
