import { describe, expect, it } from "vitest";
import { errorCodeSchema, errorResponseSchema, errorStatus } from "./errors.js";

describe("error contract", () => {
  it("maps every code to a 4xx or 5xx status", () => {
    for (const code of errorCodeSchema.options) {
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code]).toBeLessThan(600);
    }
  });

  it("accepts the documented shape and refuses unknown codes", () => {
    const ok = {
      error: { code: "NOT_FOUND", message: "No such page", fields: { email: "Email is required" } },
    };
    expect(errorResponseSchema.parse(ok)).toEqual(ok);
    expect(errorResponseSchema.safeParse({ error: { code: "TEAPOT", message: "x" } }).success).toBe(false);
  });
});
