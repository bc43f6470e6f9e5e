import { describe, expect, it } from "vitest";
import { staffAccessErrors } from "./admin/index.js";
import { errorCodeSchema, errorReasonSchema, errorResponseSchema, errorStatus } from "./errors.js";
import { freshProofErrors } from "./passkeys.js";
import { sendErrors } from "./wallet.js";

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

  it("carries a known reason, and every reason has a title and a text", () => {
    const refused = { error: { code: "CONFLICT", message: "m", reason: "keyReused" } };
    expect(errorResponseSchema.parse(refused)).toEqual(refused);
    const unknown = { error: { code: "CONFLICT", message: "m", reason: "becauseISaidSo" } };
    expect(errorResponseSchema.safeParse(unknown).success).toBe(false);
    const toasts = { ...sendErrors, ...staffAccessErrors, ...freshProofErrors };
    for (const reason of errorReasonSchema.options) {
      expect(toasts[reason].title).not.toBe("");
      expect(toasts[reason].text).not.toBe("");
    }
  });
});
