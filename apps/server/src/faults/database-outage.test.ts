import { randomUUID } from "node:crypto";
import { apiPaths } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { listenerFor } from "../db/listen.js";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../plugins/error-handler.js";
import { SESSION_COOKIE } from "../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { type Customer, FUNDS, fundedCustomers, OUTSIDE } from "../test/kill-mid-burst.js";
import { balanceOf, expectBooksBalanced } from "../test/money-helpers.js";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";
import { testConfig } from "../test/test-config.js";

// The shared PostgreSQL cannot be restarted in a test (other suites use it): the app reaches its own
// database through a TCP proxy that the test cuts (every connection dropped, new ones refused) and
// restores, as a database restart looks to the app. PostgreSQL only: PGlite runs in the process.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

let t: TestApp;
let proxy: TcpProxy;
let handle: DatabaseHandle;
let app: App;
let customers: Customer[];

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  if (t.handle.kind !== "postgres") throw new Error("expected PostgreSQL");
  const direct = new URL(String(t.handle.pool.options.connectionString));
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(direct);
  proxied.host = `127.0.0.1:${proxy.port}`;
  const target = { kind: "postgres", url: proxied.toString() } as const;
  handle = await openDatabase(target);
  app = await buildApp({
    config: testConfig({ database: target }),
    db: handle.db,
    dbPing: handle.ping,
    listen: listenerFor(handle),
  });
  customers = await fundedCustomers(t.db, 10);
});
afterAll(async () => {
  if (!onPostgres) return;
  proxy.restore();
  await app.close();
  await handle.close();
  await proxy.close();
  await t.close();
});

type Send = { from: Customer; body: { recipient: string; amountSats: string; idempotencyKey: string } };

function send({ from, body }: Send) {
  return app.inject({
    method: "POST",
    url: apiPaths.wallet.send,
    payload: body,
    cookies: { [SESSION_COOKIE]: from.token },
  });
}

describe("the database going away under load, and coming back", () => {
  it.skipIf(!onPostgres)(
    "(PostgreSQL only) unhealthy and sends refused with a clear 503 while it is gone; by itself healthy again, each send made once on a retry with its key",
    async () => {
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
      const sends: Send[] = customers.flatMap((from, i) =>
        Array.from({ length: 6 }, (_, j) => ({
          from,
          body: {
            recipient:
              j % 3 === 2 ? OUTSIDE : (customers[(i + 1 + j) % customers.length] as Customer).user.username,
            amountSats: String(20_000 + i * 100 + j),
            idempotencyKey: randomUUID(),
          },
        })),
      );
      // The database goes away once a third of the burst has its answer.
      let answered = 0;
      const burst = await Promise.all(
        sends.map((one) =>
          send(one).then((res) => {
            answered += 1;
            if (answered === Math.floor(sends.length / 3)) proxy.cut();
            return res;
          }),
        ),
      );
      const statuses = burst.map((res) => res.statusCode);
      expect(statuses).toContain(201);
      expect(statuses).toContain(503);
      // Nothing but made or refused as unavailable: never a 500.
      expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
      const refused = burst.find((res) => res.statusCode === 503);
      expect(refused?.json()).toEqual({
        error: {
          code: "SERVICE_UNAVAILABLE",
          message: DATABASE_UNAVAILABLE_MESSAGE,
        },
      });

      // While it is gone: unhealthy, and a new send is refused the same way.
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(503);
      const during = await send({
        from: customers[0] as Customer,
        body: { recipient: OUTSIDE, amountSats: "12345", idempotencyKey: randomUUID() },
      });
      expect(during.statusCode).toBe(503);
      expect(during.headers["retry-after"]).toBeDefined();

      // Back: the app finds it again by itself (no restart), and every send asked again with its key is
      // made exactly once.
      proxy.restore();
      await expect.poll(async () => (await app.inject({ url: "/healthz" })).statusCode).toBe(200);
      const replays = await Promise.all(sends.map(send));
      for (const [i, replay] of replays.entries()) {
        expect(replay.statusCode, replay.body).toBe(201);
        const first = burst[i];
        if (first?.statusCode === 201) {
          expect(replay.json().transaction.id).toBe(first.json().transaction.id);
        }
      }
      const rows = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from send_requests`);
      expect(Number(rows.rows[0]?.n)).toBe(sends.length);
      const expected = new Map(customers.map((c) => [c.user.id, FUNDS]));
      for (const { from, body } of sends) {
        const amount = BigInt(body.amountSats);
        const fee = body.recipient === OUTSIDE ? 1000n : 0n;
        expected.set(from.user.id, (expected.get(from.user.id) ?? 0n) - amount - fee);
        const payee = customers.find((c) => c.user.username === body.recipient);
        if (payee !== undefined) expected.set(payee.user.id, (expected.get(payee.user.id) ?? 0n) + amount);
      }
      for (const customer of customers) {
        expect(await balanceOf(t, customer.token)).toBe(expected.get(customer.user.id));
      }
      await expectBooksBalanced(t.db);
      // No connection was kept by a request the outage cut: all back in the pool but the LISTEN's.
      if (handle.kind === "postgres") {
        const { pool } = handle;
        await expect.poll(() => pool.totalCount - pool.idleCount).toBeLessThanOrEqual(1);
      }
    },
    30_000,
  );
});
