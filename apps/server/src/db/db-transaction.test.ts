import { describe, expect, it } from "vitest";
import { isRetryable, withRetries } from "./db-transaction.js";

// What drizzle throws: its own error, with the driver's error (and its SQLSTATE) as the cause.
const dbError = (code: string) =>
  Object.assign(new Error("Failed query"), { cause: Object.assign(new Error(code), { code }) });

describe("withRetries", () => {
  it("runs the work again after a serialization failure or a deadlock", async () => {
    for (const code of ["40001", "40P01"]) {
      let calls = 0;
      const result = await withRetries(async () => {
        calls += 1;
        if (calls < 3) throw dbError(code);
        return "done";
      });
      expect(result).toBe("done");
      expect(calls).toBe(3);
    }
  });

  it("gives up after the bounded number of tries, with the last error", async () => {
    let calls = 0;
    const attempt = withRetries(
      async () => {
        calls += 1;
        throw dbError("40P01");
      },
      { attempts: 4, baseDelayMs: 1 },
    );
    await expect(attempt).rejects.toThrow("Failed query");
    expect(calls).toBe(4);
  });

  it("never retries anything else: a constraint, a refusal, a bug", async () => {
    for (const error of [dbError("23505"), dbError("LD001"), new TypeError("bug")]) {
      let calls = 0;
      await expect(
        withRetries(async () => {
          calls += 1;
          throw error;
        }),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
    }
    expect(isRetryable(dbError("40001"))).toBe(true);
    expect(isRetryable(new Error("40001"))).toBe(false);
  });
});
