import { createHash } from "node:crypto";
import type { Db } from "../../db/client.js";
import { RateLimitedError } from "../../domain/app-error.js";
import {
  LONGEST_WINDOW_MS,
  RATE_LIMITED_MESSAGE,
  type RateLimitRule,
  retryAfterMs,
  retryAfterSeconds,
  windowPosition,
} from "../../domain/rate-limit.js";
import type { Clock } from "../clock.js";
import { type CounterKey, countHit, deleteCounters, pruneCounters, uncountHit } from "./queries.js";

/** One limit to count a hit on: a rule and the key it counts for (an email, an IP address, an id). */
export type Limit = { rule: RateLimitRule; key: string };

/** The hits one `take` counted, to give back with `refund`. */
export type Taken = readonly { counter: CounterKey; windowStart: Date }[];

/**
 * The one rate limiter, used by every limit. A hit is counted and checked in one atomic statement, so a
 * burst of parallel requests passes exactly `max`, and the counts live in the database, so they hold
 * across restarts and several API processes. Limits that count only failures take the hit first and
 * give it back on success: check-then-count would let a burst through (docs/decisions/0007).
 */
export type RateLimiter = {
  /**
   * Counts one hit on each limit, in order. Throws RateLimitedError (429, with Retry-After) when one
   * of them is full, after giving back the hits already counted: a refused request counts nowhere.
   */
  take(...limits: Limit[]): Promise<Taken>;
  /** Gives back the hits of a `take` that turned out not to count (a right password). */
  refund(taken: Taken): Promise<void>;
  /** Forgets the key's hits (a right password clears the account's failures). */
  clear(rule: RateLimitRule, key: string): Promise<void>;
};

// Old counters are deleted at most this often per process; they count for no rule anyway.
const PRUNE_EVERY_MS = 5 * 60_000;

export function createRateLimiter({ db, clock }: { db: Db; clock: Clock }): RateLimiter {
  let lastPrune = Number.NEGATIVE_INFINITY;
  // The key may be an email: the table keeps only a digest of it.
  const counterOf = (rule: RateLimitRule, key: string): CounterKey => ({
    bucket: rule.bucket,
    keyHash: createHash("sha256").update(key).digest("hex"),
  });

  const refund = async (taken: Taken) => {
    for (const { counter, windowStart } of taken) await uncountHit(db, counter, windowStart);
  };

  const prune = async (now: Date) => {
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    // A counter is read as the previous window of the next one: it is dead after two longest windows.
    await pruneCounters(db, new Date(now.getTime() - 2 * LONGEST_WINDOW_MS));
  };

  return {
    async take(...limits) {
      const now = clock.now();
      const taken: { counter: CounterKey; windowStart: Date }[] = [];
      for (const { rule, key } of limits) {
        const counter = counterOf(rule, key);
        const position = windowPosition(rule, now);
        const { counted, counts } = await countHit(db, counter, rule, position);
        if (!counted) {
          await refund(taken);
          const seconds = retryAfterSeconds(retryAfterMs(rule, counts, position));
          throw new RateLimitedError(RATE_LIMITED_MESSAGE, seconds);
        }
        taken.push({ counter, windowStart: position.start });
      }
      await prune(now);
      return taken;
    },
    refund,
    async clear(rule, key) {
      await deleteCounters(db, counterOf(rule, key));
    },
  };
}
