import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimitedError } from "../../domain/app-error.js";
import type { RateLimitRule } from "../../domain/rate-limit.js";
import { type FakeClock, fakeClock } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { createRateLimiter, type RateLimiter } from "./limiter.js";

let t: TestApp;
let clock: FakeClock;
let limiter: RateLimiter;
beforeAll(async () => {
  t = await createTestApp();
  // On a window boundary, so the test knows how much of the previous window still counts.
  clock = fakeClock(new Date("2030-01-15T12:00:00.000Z"));
  limiter = createRateLimiter({ db: t.db, clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
let keyCounter = 0;
const freshKey = () => `key-${++keyCounter}`;
const rule: RateLimitRule = { bucket: "test:five-a-minute", max: 5, windowMs: MINUTE };

/** How many of the promises resolved, and how many were refused with a RateLimitedError. */
async function outcome(attempts: Promise<unknown>[]) {
  const results = await Promise.allSettled(attempts);
  const refused = results.filter((r) => r.status === "rejected" && r.reason instanceof RateLimitedError);
  const counted = results.filter((r) => r.status === "fulfilled");
  expect(refused.length + counted.length).toBe(results.length);
  return { counted: counted.length, refused: refused.length };
}

describe("the rate limiter", () => {
  it("counts exactly max hits of a burst of 50 parallel ones, and refuses the rest", async () => {
    const key = freshKey();
    const burst = await outcome(Array.from({ length: 50 }, () => limiter.take({ rule, key })));
    expect(burst).toEqual({ counted: 5, refused: 45 });
    await expect(limiter.take({ rule, key })).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("answers a refusal with the seconds until a hit fits again", async () => {
    const key = freshKey();
    clock.advance(20_000);
    for (let i = 0; i < 5; i++) await limiter.take({ rule, key });
    const refusal = await limiter.take({ rule, key }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).retryAfterSeconds).toBe(40);
    clock.advance(40_000);
    await limiter.take({ rule, key });
  });

  it("slides: a full window still counts in the next one, fading as it leaves", async () => {
    const key = freshKey();
    clock.advance(MINUTE - (clock.now().getTime() % MINUTE));
    for (let i = 0; i < 5; i++) await limiter.take({ rule, key });
    clock.advance(MINUTE + 1);
    // The five hits are exactly one window old, weighted just below 1: one more fits, then none.
    await limiter.take({ rule, key });
    await expect(limiter.take({ rule, key })).rejects.toBeInstanceOf(RateLimitedError);
    clock.advance(MINUTE / 2);
    await limiter.take({ rule, key });
  });

  it("gives back refunded hits, and counts nothing anywhere when one limit of several refuses", async () => {
    const key = freshKey();
    const full = freshKey();
    const other: RateLimitRule = { bucket: "test:one-a-minute", max: 1, windowMs: MINUTE };
    await limiter.take({ rule: other, key: full });
    const taken = await limiter.take({ rule, key });
    await limiter.refund(taken);
    for (let i = 0; i < 10; i++) {
      await expect(limiter.take({ rule, key }, { rule: other, key: full })).rejects.toBeInstanceOf(
        RateLimitedError,
      );
    }
    // Neither the refunded hit nor the ten refused ones counted.
    for (let i = 0; i < 5; i++) await limiter.take({ rule, key });
    await expect(limiter.take({ rule, key })).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("forgets a cleared key", async () => {
    const key = freshKey();
    for (let i = 0; i < 5; i++) await limiter.take({ rule, key });
    await limiter.clear(rule, key);
    await limiter.take({ rule, key });
  });

  it("is shared by every limiter on the database, as by several API processes", async () => {
    const key = freshKey();
    const second = createRateLimiter({ db: t.db, clock });
    const burst = await outcome(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? limiter : second).take({ rule, key })),
    );
    expect(burst).toEqual({ counted: 5, refused: 15 });
  });
});
