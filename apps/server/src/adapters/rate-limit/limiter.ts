import { createHash } from "node:crypto";
import type { Db } from "../../db/client.js";
import { RateLimitedError } from "../../domain/app-error.js";
import {
  LONGEST_WINDOW_MS,
  limitEndsAt,
  RATE_LIMITED_MESSAGE,
  type RateLimitRule,
  retryAfterSeconds,
  windowStart,
} from "../../domain/rate-limit.js";
import type { Clock } from "../clock.js";
import { deleteHits, insertHit, pruneHits, recentHits } from "./queries.js";

/**
 * Rate limits counted in the database, so several API processes agree. Callers check before the
 * expensive or sensitive work and record a hit for what counts (usually a failure).
 */
export type RateLimiter = {
  /** Throws RateLimitedError (429) while the rule holds for the key. */
  check(rule: RateLimitRule, key: string): Promise<void>;
  /** Counts one hit for the key. */
  hit(rule: RateLimitRule, key: string): Promise<void>;
  /** Forgets the key's hits (a correct password clears the account's failures). */
  clear(rule: RateLimitRule, key: string): Promise<void>;
};

// Old hits are deleted at most this often per process; they are ignored by the counts anyway.
const PRUNE_EVERY_MS = 5 * 60_000;

export function createRateLimiter({ db, clock }: { db: Db; clock: Clock }): RateLimiter {
  let lastPrune = Number.NEGATIVE_INFINITY;
  // The key may be an email: the table keeps only a digest of it.
  const keyOf = (rule: RateLimitRule, key: string) => ({
    bucket: rule.bucket,
    keyHash: createHash("sha256").update(key).digest("hex"),
  });

  return {
    async check(rule, key) {
      const now = clock.now();
      const hits = await recentHits(db, keyOf(rule, key), windowStart(rule, now), rule.max);
      const endsAt = limitEndsAt(rule, hits);
      if (endsAt !== null && endsAt > now) {
        throw new RateLimitedError(RATE_LIMITED_MESSAGE, retryAfterSeconds(endsAt, now));
      }
    },
    async hit(rule, key) {
      const now = clock.now();
      await insertHit(db, keyOf(rule, key), now);
      if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = now.getTime();
        await pruneHits(db, new Date(now.getTime() - LONGEST_WINDOW_MS));
      }
    },
    async clear(rule, key) {
      await deleteHits(db, keyOf(rule, key));
    },
  };
}
