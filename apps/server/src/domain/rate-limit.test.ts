import { describe, expect, it } from "vitest";
import {
  limitEndsAt,
  type RateLimitRule,
  rateLimitRules,
  retryAfterSeconds,
  windowStart,
} from "./rate-limit.js";

const rule: RateLimitRule = { bucket: "test", max: 3, windowMs: 60_000 };
const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, seconds));

describe("sliding window", () => {
  it("starts one window before now", () => {
    expect(windowStart(rule, at(90))).toEqual(at(30));
  });

  it("does not hold below the maximum", () => {
    expect(limitEndsAt(rule, [])).toBeNull();
    expect(limitEndsAt(rule, [at(50), at(40)])).toBeNull();
  });

  it("holds at the maximum until the max-th newest hit leaves the window", () => {
    expect(limitEndsAt(rule, [at(50), at(40), at(30)])).toEqual(at(90));
    // Older hits beyond the max-th do not move the end.
    expect(limitEndsAt(rule, [at(50), at(40), at(30), at(20)])).toEqual(at(90));
  });

  it("answers Retry-After in whole seconds, never 0", () => {
    expect(retryAfterSeconds(at(90), at(30))).toBe(60);
    expect(retryAfterSeconds(new Date(at(31).getTime() + 1), at(31))).toBe(1);
    expect(retryAfterSeconds(at(10), at(30))).toBe(1);
  });

  it("gives every rule its own bucket", () => {
    const buckets = Object.values(rateLimitRules).map((r) => r.bucket);
    expect(new Set(buckets).size).toBe(buckets.length);
  });
});
