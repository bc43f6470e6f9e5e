import { describe, expect, it } from "vitest";
import {
  allowsHit,
  type RateLimitRule,
  rateLimitRules,
  retryAfterMs,
  retryAfterSeconds,
  windowPosition,
} from "./rate-limit.js";

const rule: RateLimitRule = { bucket: "test", max: 4, windowMs: 60_000 };
const minute = Date.UTC(2030, 0, 1, 12, 0, 0);
const at = (ms: number) => windowPosition(rule, new Date(minute + ms));

describe("two fixed windows for a sliding one", () => {
  it("places a moment in its window, with the previous window's remaining weight", () => {
    const position = at(15_000);
    expect(position.start).toEqual(new Date(minute));
    expect(position.previousStart).toEqual(new Date(minute - 60_000));
    expect(position.elapsedMs).toBe(15_000);
    // (now - 60 s, now] covers 45 s of the previous window, less the instant now - 60 s itself.
    expect(position.previousWeightMs).toBe(44_999);
  });

  it("allows hits below the maximum of the current window", () => {
    expect(allowsHit(rule, { previous: 0, current: 3 }, at(0))).toBe(true);
    expect(allowsHit(rule, { previous: 0, current: 4 }, at(59_999))).toBe(false);
  });

  it("counts the previous window in proportion to what the sliding window still covers", () => {
    // Four hits in the previous window: none fits at its end, one after a quarter of this one.
    expect(allowsHit(rule, { previous: 4, current: 0 }, at(0))).toBe(true);
    expect(allowsHit(rule, { previous: 4, current: 1 }, at(1))).toBe(false);
    expect(allowsHit(rule, { previous: 4, current: 1 }, at(15_000))).toBe(true);
    expect(allowsHit(rule, { previous: 4, current: 2 }, at(15_000))).toBe(false);
  });

  it("never holds a key longer than one window after its last hit", () => {
    // A full window whose hits all came at its very start is free exactly one window later.
    expect(allowsHit(rule, { previous: 4, current: 0 }, at(0))).toBe(true);
  });
});

describe("Retry-After", () => {
  it("waits for the next window when this one is full", () => {
    expect(retryAfterMs(rule, { previous: 0, current: 4 }, at(20_000))).toBe(40_000);
    expect(retryAfterMs(rule, { previous: 4, current: 4 }, at(20_000))).toBe(40_000);
  });

  it("waits until the previous window's weight has faded enough", () => {
    const counts = { previous: 4, current: 1 };
    const wait = retryAfterMs(rule, counts, at(1));
    expect(allowsHit(rule, counts, at(1 + wait))).toBe(true);
    expect(allowsHit(rule, counts, at(wait))).toBe(false);
  });

  it("answers in whole seconds, never 0", () => {
    expect(retryAfterSeconds(60_000)).toBe(60);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});

describe("the rules", () => {
  it("gives every rule its own bucket", () => {
    const buckets = Object.values(rateLimitRules).map((r) => r.bucket);
    expect(new Set(buckets).size).toBe(buckets.length);
  });
});
