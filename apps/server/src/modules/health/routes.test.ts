import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { recordSolvencyCheck } from "../solvency/index.js";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("GET /healthz", () => {
  it("answers 200 when the database answers", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("answers 200 degraded, with the reason, while the solvency watchdog pauses payouts; ok again after", async () => {
    t = await createTestApp();
    const check = {
      checkedAt: new Date("2030-01-01T00:00:00Z"),
      liabilitiesSats: 10n,
      hotSats: 5n,
      vaultSats: 0n,
    };
    const problems = [{ code: "reserves_short", message: "Short." }];
    await recordSolvencyCheck(t.db, { ...check, ok: false, problems });
    const res = await t.app.inject({ url: "/healthz" });
    // A load balancer must not take the API away for it: sign-in, balances and transfers still work.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "degraded",
      database: "up",
      reason:
        "Payouts are paused since 2030-01-01T00:00:00.000Z: the solvency watchdog found 1 problem in the books (GET /api/admin/solvency).",
    });
    await recordSolvencyCheck(t.db, { ...check, ok: true, problems: [] });
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok", database: "up" });
  });

  it("answers 503 when the database does not, so a load balancer moves traffic away", async () => {
    t = await createTestApp({
      dbPing: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
    });
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", database: "down" });
  });

  it("answers 503 within seconds when the database hangs", async () => {
    t = await createTestApp({ dbPing: () => new Promise(() => {}) });
    const started = Date.now();
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("answers 503 once the real database is gone", async () => {
    t = await createTestApp();
    await t.handle.close();
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", database: "down" });
  });
});
