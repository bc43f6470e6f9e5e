import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { apiPaths } from "@satsbank/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../domain/app-error.js";
import { fakeClock, getJson } from "../../test/auth-helpers.js";
import { createTestApp } from "../../test/create-test-app.js";
import { testCustomer } from "../../test/money-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { createPriceSource } from "./create-price-source.js";
import { fixedPrice } from "./fixed.js";
import { httpPrice, priceUnavailableText } from "./http.js";

// A spot-price provider on 127.0.0.1 that answers whatever the test says next.
let server: Server;
let url: string;
let answer: { status: number; body: string } = { status: 200, body: "" };
let requests = 0;

const spot = (amount: string) => ({
  status: 200,
  body: JSON.stringify({ data: { base: "BTC", currency: "USD", amount } }),
});

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/prices/BTC-USD/spot`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  requests = 0;
});

describe("the http price source", () => {
  it("reads the provider's amount into integer cents and caches it for PRICE_CACHE_SECONDS", async () => {
    const clock = fakeClock();
    const price = httpPrice({ url, cacheSeconds: 60, clock });
    answer = spot("42389.575");
    expect(await price.current()).toEqual({
      usdCentsPerBtc: 4238958n,
      asOf: clock.now(),
      stale: false,
      source: "http",
    });
    answer = spot("50000.00");
    clock.advance(59_000);
    expect((await price.current()).usdCentsPerBtc).toBe(4238958n);
    expect(requests).toBe(1);
    clock.advance(1_000);
    expect((await price.current()).usdCentsPerBtc).toBe(5000000n);
    expect(requests).toBe(2);
  });

  it("serves the last price, marked stale with its time, while the provider fails", async () => {
    const clock = fakeClock();
    const errors: unknown[] = [];
    const price = httpPrice({ url, cacheSeconds: 60, clock, onError: (error) => errors.push(error) });
    answer = spot("42389.57");
    const fetchedAt = clock.now();
    await price.current();
    clock.advance(120_000);
    for (const failure of [
      { status: 502, body: "bad gateway" },
      { status: 200, body: "{}" },
      { status: 200, body: "<html>" },
    ]) {
      answer = failure;
      clock.advance(60_000);
      expect(await price.current()).toEqual({
        usdCentsPerBtc: 4238957n,
        asOf: fetchedAt,
        stale: true,
        source: "http",
      });
    }
    expect(errors).toHaveLength(3);
    // A JSON number is refused: it would have passed through a float.
    answer = { status: 200, body: '{"data":{"amount":42389.57}}' };
    clock.advance(60_000);
    expect((await price.current()).stale).toBe(true);
    answer = spot("43000");
    clock.advance(60_000);
    expect(await price.current()).toMatchObject({ usdCentsPerBtc: 4300000n, stale: false });
  });

  it("is SERVICE_UNAVAILABLE before it ever had a price, and does not hammer a failing provider", async () => {
    const clock = fakeClock();
    const price = httpPrice({ url, cacheSeconds: 60, clock });
    answer = { status: 500, body: "" };
    const failure = await price.current().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: priceUnavailableText });
    await price.current().catch(() => {});
    expect(requests).toBe(2);
    const closed = httpPrice({ url: "http://127.0.0.1:9/nothing-listens-here", cacheSeconds: 60, clock });
    await expect(closed.current()).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });

  it("asks the provider once for many requests at the same moment", async () => {
    const price = httpPrice({ url, cacheSeconds: 60, clock: fakeClock() });
    answer = spot("42389.57");
    const quotes = await Promise.all(Array.from({ length: 10 }, () => price.current()));
    expect(new Set(quotes.map((quote) => quote.usdCentsPerBtc))).toEqual(new Set([4238957n]));
    expect(requests).toBe(1);
  });

  it("gives GET /api/wallet a 503 when there is no price, and the stale price otherwise", async () => {
    const config = testConfig({ price: { source: "http", url, cacheSeconds: 60 } });
    const clock = fakeClock(new Date());
    const t = await createTestApp({ config, clock });
    try {
      const customer = await testCustomer(t, { verified: false });
      const summary = () => getJson(t, apiPaths.wallet.summary, { cookie: customer.token });
      answer = { status: 503, body: "" };
      const down = await summary();
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe("SERVICE_UNAVAILABLE");
      clock.advance(61_000);
      answer = spot("42389.57");
      const fetchedAt = clock.now().toISOString();
      expect((await summary()).json().price).toEqual({
        usdPerBtc: "42389.57",
        asOf: fetchedAt,
        stale: false,
        source: "http",
      });
      clock.advance(61_000);
      answer = { status: 500, body: "" };
      const stale = await summary();
      expect(stale.statusCode).toBe(200);
      expect(stale.json().price).toEqual({
        usdPerBtc: "42389.57",
        asOf: fetchedAt,
        stale: true,
        source: "http",
      });
    } finally {
      await t.close();
    }
  });
});

describe("the fixed price source", () => {
  it("always gives PRICE_USD, current", async () => {
    const clock = fakeClock();
    const price = createPriceSource({ config: { source: "fixed", usdPerBtc: "42389.57" }, clock });
    expect(await price.current()).toEqual({
      usdCentsPerBtc: 4238957n,
      asOf: clock.now(),
      stale: false,
      source: "fixed",
    });
    expect(() => fixedPrice({ usdPerBtc: "a lot", clock })).toThrow();
  });
});
