import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedPrice } from "../../adapters/price/fixed.js";
import { httpPrice } from "../../adapters/price/http.js";
import { priceReadings } from "../../db/schema/index.js";
import { fakeClock } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { PRICE_READING_MS, startPriceJob } from "../../worker/price-job.js";
import { type PricesContext, priceAt, recordPriceReading, takePriceReading } from "./index.js";

// The price history (issue 24): the worker reads the price source each minute and keeps each fresh
// reading, one a minute at most, forever; the price at a moment is the latest reading at or before it.

let t: TestApp;
// A spot-price provider on 127.0.0.1 that answers whatever the test says next.
let server: Server;
let url: string;
let answer: { status: number; body: string } = { status: 200, body: "" };

const spot = (amount: string) => ({
  status: 200,
  body: JSON.stringify({ data: { base: "BTC", currency: "USD", amount } }),
});

beforeAll(async () => {
  t = await createTestApp();
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/prices/BTC-USD/spot`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The readings kept from `from` on (each test keeps to a day of its own), oldest first. */
async function readingsSince(from: Date) {
  const all = await t.db.select().from(priceReadings).orderBy(priceReadings.minute);
  return all
    .filter((reading) => reading.readAt >= from)
    .map(({ readAt, usdCentsPerBtc, source }) => ({ readAt, usdCentsPerBtc, source }));
}

/** A log that keeps its warnings. */
function warnings() {
  const kept: string[] = [];
  return { kept, log: { warn: (_details: object, message: string) => kept.push(message) } };
}

describe("the price history", () => {
  it("keeps one reading a minute, the first; the price at a moment is the latest reading at or before it", async () => {
    const at = (time: string) => new Date(`2030-03-01T${time}Z`);
    const record = (time: string, usdCentsPerBtc: bigint) =>
      recordPriceReading(t.db, { readAt: at(time), usdCentsPerBtc, source: "http" });
    expect(await record("10:00:10", 4_000_000n)).toEqual(at("10:00:00"));
    // The same minute: the first reading stays.
    expect(await record("10:00:50", 4_100_000n)).toBeNull();
    expect(await record("10:01:30", 4_200_000n)).toEqual(at("10:01:00"));
    expect(await record("10:05:00", 4_300_000n)).toEqual(at("10:05:00"));
    expect(await readingsSince(at("10:00:00"))).toEqual([
      { readAt: at("10:00:10"), usdCentsPerBtc: 4_000_000n, source: "http" },
      { readAt: at("10:01:30"), usdCentsPerBtc: 4_200_000n, source: "http" },
      { readAt: at("10:05:00"), usdCentsPerBtc: 4_300_000n, source: "http" },
    ]);

    const priceAtTime = async (time: string) => (await priceAt(t.db, at(time)))?.usdCentsPerBtc ?? null;
    expect(await priceAtTime("10:00:09")).toBeNull();
    expect(await priceAtTime("10:00:10")).toBe(4_000_000n);
    // Its own minute's reading came later than the moment: the one before it.
    expect(await priceAtTime("10:01:29")).toBe(4_000_000n);
    expect(await priceAtTime("10:04:59")).toBe(4_200_000n);
    // Kept: the latest reading, however old.
    expect(await priceAt(t.db, at("23:59:59"))).toEqual({
      minute: at("10:05:00"),
      readAt: at("10:05:00"),
      usdCentsPerBtc: 4_300_000n,
      source: "http",
    });
  });
});

describe("a price reading", () => {
  it("records the http source's fresh price, and nothing while the provider fails, never throwing", async () => {
    const clock = fakeClock(new Date("2030-03-02T10:00:00.000Z"));
    const start = clock.now();
    const { kept, log } = warnings();
    const ctx: PricesContext = { db: t.db, price: httpPrice({ url, cacheSeconds: 30, clock }), log };
    // Before any price: the source throws, the reading logs it.
    answer = { status: 503, body: "" };
    expect(await takePriceReading(ctx)).toBeNull();
    expect(kept).toEqual(["Could not take a price reading; the next minute tries again"]);

    clock.advance(60_000);
    answer = spot("42389.57");
    expect(await takePriceReading(ctx)).toMatchObject({ usdCentsPerBtc: 4_238_957n, source: "http" });
    // The provider fails: the source serves its last price marked stale, which is not a reading.
    clock.advance(60_000);
    answer = { status: 500, body: "" };
    expect(await takePriceReading(ctx)).toBeNull();
    clock.advance(60_000);
    answer = spot("43000.00");
    expect(await takePriceReading(ctx)).toMatchObject({ usdCentsPerBtc: 4_300_000n });
    expect(await readingsSince(start)).toEqual([
      { readAt: new Date("2030-03-02T10:01:00.000Z"), usdCentsPerBtc: 4_238_957n, source: "http" },
      { readAt: new Date("2030-03-02T10:03:00.000Z"), usdCentsPerBtc: 4_300_000n, source: "http" },
    ]);
    expect(kept).toHaveLength(1);
  });

  it("records the fixed price too, as such", async () => {
    const clock = fakeClock(new Date("2030-03-03T10:00:00.000Z"));
    const ctx = { db: t.db, price: fixedPrice({ usdPerBtc: "42389.57", clock }), log: warnings().log };
    await takePriceReading(ctx);
    expect(await readingsSince(clock.now())).toEqual([
      { readAt: clock.now(), usdCentsPerBtc: 4_238_957n, source: "fixed" },
    ]);
  });
});

describe("the worker's price job", () => {
  it("reads the source each minute, keeps one reading a minute, and carries on through failures", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const clock = fakeClock(new Date("2030-03-04T10:00:00.000Z"));
    const start = clock.now();
    const { kept, log } = warnings();
    // A cache shorter than the minute: each reading asks the provider.
    const job = startPriceJob({ ctx: { db: t.db, price: httpPrice({ url, cacheSeconds: 30, clock }), log } });
    const minute = async (provider: { status: number; body: string }) => {
      answer = provider;
      clock.advance(PRICE_READING_MS);
      await vi.advanceTimersByTimeAsync(PRICE_READING_MS);
      await job.idle();
    };
    await minute({ status: 502, body: "bad gateway" });
    await minute(spot("40000.00"));
    await minute({ status: 500, body: "" });
    await minute({ status: 200, body: "<html>" });
    await minute(spot("41000.00"));
    await job.stop();
    expect(await readingsSince(start)).toEqual([
      { readAt: new Date("2030-03-04T10:02:00.000Z"), usdCentsPerBtc: 4_000_000n, source: "http" },
      { readAt: new Date("2030-03-04T10:05:00.000Z"), usdCentsPerBtc: 4_100_000n, source: "http" },
    ]);
    // Only the failure with no price at all to serve is the job's to log (the source logs its own).
    expect(kept).toHaveLength(1);

    // Stopped: no more readings.
    await minute(spot("42000.00"));
    expect(await readingsSince(start)).toHaveLength(2);
  });
});
