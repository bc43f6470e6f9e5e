import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { type FakeClock, fakeClock } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  quoteRequest,
  sendRequest,
  testCustomer,
} from "../../test/money-helpers.js";
import { statusCounts } from "../../test/status-counts.js";
import { testConfig } from "../../test/test-config.js";

const { sendsPerCustomer, quotesPerCustomer } = rateLimitRules;
const MINUTE = 60_000;

let t: TestApp;
/** A second API process on the same database (or the first one after a restart). */
let second: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
  const app = await buildApp({ config: testConfig(), db: t.db, dbPing: t.handle.ping, clock });
  second = { ...t, app };
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await second.app.close();
  await t.close();
});

/** Alternates between the two processes, as a load balancer would. */
const either = (i: number) => (i % 2 === 0 ? t : second);

/** The next window of the send and quote limits (one minute): what came before no longer counts. */
const nextWindows = () => clock.advance(2 * MINUTE);

describe("the send and quote limits", () => {
  it("pass exactly 30 of 40 parallel sends from one customer over two processes; money moves 30 times", async () => {
    nextWindows();
    const busy = await testCustomer(t, { funds: 1_000_000n });
    const sink = await testCustomer(t);
    const burst = await Promise.all(
      Array.from({ length: sendsPerCustomer.max + 10 }, (_, i) =>
        sendRequest(either(i), busy.token, { recipient: sink.user.username, amountSats: "1" }),
      ),
    );
    expect(statusCounts(burst)).toEqual({ 201: 30, 429: 10 });
    const refused = burst.find((res) => res.statusCode === 429);
    expect(refused?.json().error.code).toBe("RATE_LIMITED");
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(await balanceOf(t, sink.token)).toBe(30n);
  });

  it("count per customer: one customer's burst does not stop another", async () => {
    nextWindows();
    const busy = await testCustomer(t, { funds: 1_000_000n });
    const calm = await testCustomer(t, { funds: 10n });
    const sink = await testCustomer(t);
    for (let i = 0; i < sendsPerCustomer.max; i++) {
      const res = await sendRequest(t, busy.token, { recipient: sink.user.username, amountSats: "1" });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(
      (await sendRequest(t, busy.token, { recipient: sink.user.username, amountSats: "1" })).statusCode,
    ).toBe(429);
    const other = await sendRequest(t, calm.token, { recipient: sink.user.username, amountSats: "1" });
    expect(other.statusCode, other.body).toBe(201);
  });

  it("pass exactly 120 of 130 parallel quotes over two processes", async () => {
    nextWindows();
    const customer = await testCustomer(t, { funds: 1_000n });
    const payee = await testCustomer(t);
    const burst = await Promise.all(
      Array.from({ length: quotesPerCustomer.max + 10 }, (_, i) =>
        quoteRequest(either(i), customer.token, { recipient: payee.user.username, amountSats: "1" }),
      ),
    );
    expect(statusCounts(burst)).toEqual({ 200: 120, 429: 10 });
  });

  it("hold across a restart: a new app on the same database refuses the 31st send", async () => {
    nextWindows();
    const busy = await testCustomer(t, { funds: 1_000_000n });
    const sink = await testCustomer(t);
    for (let i = 0; i < sendsPerCustomer.max; i++) {
      const res = await sendRequest(t, busy.token, { recipient: sink.user.username, amountSats: "1" });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.close();
    const restarted = await buildApp({ config: testConfig(), db: t.db, dbPing: t.handle.ping, clock });
    t = { ...t, app: restarted };
    const res = await sendRequest(t, busy.token, { recipient: sink.user.username, amountSats: "1" });
    expect(res.statusCode, res.body).toBe(429);
    clock.advance(MINUTE);
    const later = await sendRequest(t, busy.token, { recipient: sink.user.username, amountSats: "1" });
    expect(later.statusCode, later.body).toBe(201);
  });
});
