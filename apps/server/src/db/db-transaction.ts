import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "./client.js";
import { databaseError } from "./errors.js";

// serialization_failure and deadlock_detected: the database gave up on the transaction, which did nothing,
// and running it again is the documented remedy.
const RETRYABLE = new Set(["40001", "40P01"]);

export type RetryOptions = {
  /** Tries in all, the first included. */
  attempts?: number;
  /** The backoff ceiling before the second try; it doubles with each try (full jitter below it). */
  baseDelayMs?: number;
};

export function isRetryable(error: unknown): boolean {
  return RETRYABLE.has(databaseError(error)?.code ?? "");
}

/** Runs `work`, again after a serialization failure or a deadlock, a bounded number of times. */
export async function withRetries<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 4;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      // Random delays keep the retries of transactions that collided from colliding again.
      await sleep(Math.random() * baseDelayMs * 2 ** (attempt - 1));
    }
  }
}

/** One database transaction around `work`, retried as a whole on a serialization failure or deadlock. */
export function inDbTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, options?: RetryOptions): Promise<T> {
  return withRetries(() => db.transaction((tx) => work(tx)), options);
}
