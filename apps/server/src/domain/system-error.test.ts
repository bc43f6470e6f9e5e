import { describe, expect, it } from "vitest";
import { systemErrorCode } from "./system-error.js";

describe("systemErrorCode", () => {
  it("reads the code of a system error", () => {
    expect(systemErrorCode(Object.assign(new Error("no such file"), { code: "ENOENT" }))).toBe("ENOENT");
  });

  it("is undefined for errors without a text code and for values that are no errors", () => {
    expect(systemErrorCode(new Error("plain"))).toBeUndefined();
    expect(systemErrorCode(Object.assign(new Error("numeric"), { code: 5 }))).toBeUndefined();
    expect(systemErrorCode({ code: "ENOENT" })).toBeUndefined();
    expect(systemErrorCode("ENOENT")).toBeUndefined();
    expect(systemErrorCode(null)).toBeUndefined();
  });
});
