import { errorResponseSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, RateLimitedError } from "../domain/app-error.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes that exist only to fail in each way a real route can.
  t.app.post(
    "/api/test/signup",
    {
      schema: {
        body: z.object({ email: z.email({ error: "Enter a valid email" }), age: z.number().int().min(18) }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async () => ({ ok: true }),
  );
  t.app.get("/api/test/conflict", async () => {
    throw new AppError("CONFLICT", "That username is taken", { username: "That username is taken" });
  });
  t.app.get("/api/test/refused", async () => {
    const text = "You can't send Bitcoin to yourself";
    throw new AppError("VALIDATION_ERROR", text, { recipient: text }, "selfSend");
  });
  t.app.get("/api/test/crash", async () => {
    throw new Error("connection to 10.0.0.5 refused: password authentication failed for user bank");
  });
  t.app.get("/api/test/unavailable", async () => {
    throw new AppError("SERVICE_UNAVAILABLE", "bitcoind at 10.0.0.7 is down");
  });
  t.app.get("/api/test/paused", async () => {
    throw new AppError("SERVICE_UNAVAILABLE", "Withdrawals are paused.", undefined, "withdrawalsPaused");
  });
  t.app.get("/api/test/limited", async () => {
    throw new RateLimitedError("Too many attempts. Please wait a few minutes and try again.", 42);
  });
  t.app.get(
    "/api/test/bad-response",
    { schema: { response: { 200: z.object({ balance: z.string() }) } } },
    async () => ({ balance: 42 }) as unknown as { balance: string },
  );
});
afterAll(() => t.close());

function errorOf(body: string) {
  return errorResponseSchema.strict().parse(JSON.parse(body)).error;
}

describe("error responses", () => {
  it("answers a body that fails its schema with 400 VALIDATION_ERROR and a message per field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/signup",
      payload: { email: "not-an-email", age: 12 },
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.fields).toEqual({ email: "Enter a valid email", age: expect.stringContaining("18") });
  });

  it("answers malformed JSON with 400 BAD_REQUEST", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/signup",
      headers: { "content-type": "application/json" },
      payload: "{ nope",
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe("BAD_REQUEST");
  });

  it("answers an unknown API route with a JSON 404 NOT_FOUND", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/no/such/thing",
        headers: { accept: "application/json" },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(errorOf(res.body)).toEqual({
        code: "NOT_FOUND",
        message: `Route ${method} /api/no/such/thing not found`,
      });
    }
  });

  it("maps a thrown AppError to its status, message and fields", async () => {
    const res = await t.app.inject({ url: "/api/test/conflict" });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toEqual({
      code: "CONFLICT",
      message: "That username is taken",
      fields: { username: "That username is taken" },
    });
  });

  it("passes on the reason of a refusal, in the shared contract's shape", async () => {
    const res = await t.app.inject({ url: "/api/test/refused" });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual({
      code: "VALIDATION_ERROR",
      message: "You can't send Bitcoin to yourself",
      fields: { recipient: "You can't send Bitcoin to yourself" },
      reason: "selfSend",
    });
  });

  it("hides the text of an unexpected error behind 500 INTERNAL", async () => {
    const res = await t.app.inject({ url: "/api/test/crash" });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res.body)).toEqual({ code: "INTERNAL", message: "Internal server error" });
    expect(res.body).not.toContain("10.0.0.5");
  });

  it("hides the text of a 5xx AppError too", async () => {
    const res = await t.app.inject({ url: "/api/test/unavailable" });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res.body)).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message: "Service temporarily unavailable",
    });
  });

  it("shows the text of a 5xx refusal written for the customer (one with a reason)", async () => {
    const res = await t.app.inject({ url: "/api/test/paused" });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res.body)).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message: "Withdrawals are paused.",
      reason: "withdrawalsPaused",
    });
  });

  it("treats a response that breaks its own schema as a server bug, not the client's", async () => {
    const res = await t.app.inject({ url: "/api/test/bad-response" });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res.body).code).toBe("INTERNAL");
  });

  it("answers a client over its rate limit with 429 RATE_LIMITED", async () => {
    const res = await t.app.inject({ url: "/api/test/limited" });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res.body).code).toBe("RATE_LIMITED");
    expect(res.headers["retry-after"]).toBe("42");
  });
});
