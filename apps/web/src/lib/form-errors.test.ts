import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { applyFieldErrors, errorMessage } from "./form-errors";

describe("form errors", () => {
  it("puts the server's field messages on the named fields and focuses the first", () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 409,
      code: "CONFLICT",
      message: "Conflict",
      fields: { email: "Email already registered", other: "x" },
    });
    expect(applyFieldErrors<{ email: string; name: string }>(error, setError, ["name", "email"])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      "email",
      { type: "server", message: "Email already registered" },
      { shouldFocus: true },
    );
  });

  it("reports when no message belongs to the form", () => {
    const setError = vi.fn();
    const error = new ApiError({ status: 429, code: "RATE_LIMITED", message: "Too many attempts" });
    expect(applyFieldErrors<{ email: string }>(error, setError, ["email"])).toBe(false);
    expect(applyFieldErrors<{ email: string }>(new Error("boom"), setError, ["email"])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it("shows the server's message, or a fallback for anything that is not an API error", () => {
    expect(errorMessage(new ApiError({ status: 429, code: "RATE_LIMITED", message: "Slow down" }))).toBe(
      "Slow down",
    );
    expect(errorMessage(new Error("internal detail"))).toBe("Something went wrong. Please try again.");
  });
});
