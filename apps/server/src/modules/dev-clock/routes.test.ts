import { devClockResponseSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

const nowOf = (res: { json(): unknown }) => Date.parse(devClockResponseSchema.strict().parse(res.json()).now);

describe("the test clock (TEST_CLOCK=manual)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { testClock: "manual" } });
  });
  afterAll(() => t.close());

  it("tells the server's time and moves it forward", async () => {
    const before = nowOf(await t.app.inject({ url: "/api/dev/clock" }));
    expect(Math.abs(before - Date.now())).toBeLessThan(5_000);

    const res = await t.app.inject({ method: "POST", url: "/api/dev/clock", payload: { advanceMs: 30_000 } });
    expect(res.statusCode).toBe(200);
    const after = nowOf(res);
    expect(after - before).toBeGreaterThanOrEqual(30_000);
    expect(after - before).toBeLessThan(35_000);
    expect(nowOf(await t.app.inject({ url: "/api/dev/clock" }))).toBeGreaterThanOrEqual(after);
  });

  it("only moves forward, by at most a day", async () => {
    for (const advanceMs of [0, -1, 1.5, 24 * 60 * 60 * 1000 + 1, "30000"]) {
      const res = await t.app.inject({ method: "POST", url: "/api/dev/clock", payload: { advanceMs } });
      expect(res.statusCode, String(advanceMs)).toBe(400);
    }
  });

  it("answers only loopback clients", async () => {
    for (const method of ["GET", "POST"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/dev/clock",
        remoteAddress: "203.0.113.7",
        ...(method === "POST" ? { payload: { advanceMs: 1000 } } : {}),
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
  });
});

describe("without the test clock", () => {
  it("does not exist by default", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "POST", url: "/api/dev/clock", payload: { advanceMs: 1000 } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("does not exist in production, whatever the configuration says", async () => {
    const prod = await createTestApp({
      config: { nodeEnv: "production", testClock: "manual" },
      mailer: { kind: "smtp", send: async () => {}, close: async () => {} },
    });
    try {
      expect((await prod.app.inject({ url: "/api/dev/clock" })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
