import { reviewPendingAutomatically } from "./auto-review.js";
import type { KycContext } from "./context.js";
import { type MeasuredReport, measureOlderDocuments } from "./fingerprint-old-documents.js";

export type KycReviewer = {
  /** Reviews the waiting submissions soon (after any review under way); errors are logged. */
  soon(): void;
  /** Reviews them now and answers how many were decided. */
  now(): Promise<number>;
  /** Waits for the review under way (the app's close hook). */
  idle(): Promise<void>;
};

/**
 * The automated review in this process (KYC_REVIEW=auto): a submission is reviewed within moments of its
 * arrival, one review at a time. The worker's pass also calls `now`, so a submission whose process died
 * before its review is not forgotten. Each review first measures a page of the documents uploaded before
 * uploads were measured (fingerprint-old-documents.ts), so the checks see them too.
 */
export function kycReviewer(
  ctx: Pick<KycContext, "db" | "clock" | "storage">,
  log: { error(details: object, message: string): void },
): KycReviewer {
  let queue: Promise<unknown> = Promise.resolve();
  let olderFrom: MeasuredReport["next"] = null;
  const review = async () => {
    try {
      olderFrom = (await measureOlderDocuments(ctx, { after: olderFrom })).next;
    } catch (error) {
      // Storage out of reach: the review goes on (an unmeasured document reads as unreadable).
      log.error({ err: error }, "Measuring older KYC documents failed");
    }
    return reviewPendingAutomatically(ctx);
  };
  const now = () => {
    const run = queue.then(review);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    soon() {
      now().catch((error: unknown) => log.error({ err: error }, "The automated KYC review failed"));
    },
    now,
    async idle() {
      await queue;
    },
  };
}
