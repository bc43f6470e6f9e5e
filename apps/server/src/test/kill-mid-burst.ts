import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { systemClock } from "../adapters/clock.js";
import type { Db } from "../db/client.js";
import { sats } from "../domain/money.js";
import type { User } from "../domain/user.js";
import { startSession } from "../modules/auth/sessions.js";
import { SESSION_COOKIE } from "./auth-helpers.js";
import { createTestApp } from "./create-test-app.js";
import { fundFromEquity } from "./fund-from-equity.js";
import { markVerified } from "./mark-verified.js";
import { balanceOf, expectBooksBalanced, insertCustomer } from "./money-helpers.js";
import { type ServerProcess, startServerProcess } from "./server-process.js";

/** A valid regtest address outside the bank (BIP173's P2WPKH example): a send to it is a withdrawal. */
export const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
export const FUNDS = 5_000_000n;
const WITHDRAWAL_FEE = 1000n;

export type Customer = { user: User; token: string };
type Send = { from: Customer; body: { recipient: string; amountSats: string; idempotencyKey: string } };
/** What a request got: its status and transaction id, or the network error of a killed server. */
type Outcome = { status: number; transactionId: string | null } | { error: string };

export type KillReport = { answered: number; cutOff: number; seconds: number };

/** `count` customers verified, each funded with FUNDS from equity and signed in (a session made directly). */
export async function fundedCustomers(db: Db, count: number): Promise<Customer[]> {
  const ctx = { db, clock: systemClock };
  return Promise.all(
    Array.from({ length: count }, async () => {
      const user = await insertCustomer(db);
      await markVerified({ ctx, userId: user.id });
      await fundFromEquity({ ctx, userId: user.id, amount: sats(FUNDS), idempotencyKey: randomUUID() });
      const session = await startSession(db, {
        userId: user.id,
        remember: false,
        client: { ip: "127.0.0.1", userAgent: undefined },
        now: systemClock.now(),
        previousToken: undefined,
      });
      return { user, token: session.token };
    }),
  );
}

async function post(server: ServerProcess, send: Send): Promise<Outcome> {
  try {
    const res = await fetch(`${server.url}${apiPaths.wallet.send}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${send.from.token}` },
      body: JSON.stringify(send.body),
    });
    const body = (await res.json()) as { transaction?: { id: string } };
    return { status: res.status, transactionId: body.transaction?.id ?? null };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `kill -9` of the real server in the middle of a burst of sends (transfers between customers, and
 * withdrawals to an outside address), then a restart and every request again with its own key: each key
 * makes exactly one send, the balances are exactly what one send per key makes them, and the books hold.
 * PostgreSQL only (the server and the test share the database).
 */
export async function killMidBurst({
  customers: count,
  sendsEach,
}: {
  customers: number;
  sendsEach: number;
}): Promise<KillReport> {
  const started = Date.now();
  const t = await createTestApp();
  const dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-kill-"));
  let server: ServerProcess | null = null;
  try {
    if (t.handle.kind !== "postgres") throw new Error("killMidBurst needs PostgreSQL");
    const url = String(t.handle.pool.options.connectionString);
    const customers = await fundedCustomers(t.db, count);
    // Every third send a withdrawal, the others to the next customer; amounts all different.
    const sends: Send[] = customers.flatMap((from, i) =>
      Array.from({ length: sendsEach }, (_, j) => ({
        from,
        body: {
          recipient: j % 3 === 2 ? OUTSIDE : (customers[(i + 1 + j) % count] as Customer).user.username,
          amountSats: String(10_000 + i * 100 + j),
          idempotencyKey: randomUUID(),
        },
      })),
    );
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SERVER_ROLE: "api",
      CHAIN_BACKEND: "bitcoind",
      BITCOIND_RPC_URL: "http://127.0.0.1:9/",
    };

    const first = await startServerProcess(env);
    server = first;
    // The kill comes once a third of the burst has its answer: the rest are in flight or not yet sent.
    const cutOff = Math.floor(sends.length / 3);
    let answered = 0;
    const burst = sends.map((send) =>
      post(first, send).then((outcome) => {
        answered += 1;
        if (answered === cutOff) first.child.kill("SIGKILL");
        return outcome;
      }),
    );
    const before = await Promise.all(burst);
    await first.kill("SIGKILL");
    const accepted = before.filter((outcome) => "status" in outcome && outcome.status === 201);
    const cut = before.filter((outcome) => "error" in outcome);
    expect(accepted.length).toBeGreaterThan(0);
    // Some were cut by the kill (else it came too late to prove anything).
    expect(cut.length).toBeGreaterThan(0);
    // Nothing but a success or a cut connection: no 500 on the way down.
    expect(accepted.length + cut.length).toBe(sends.length);

    const second = await startServerProcess(env);
    server = second;
    const replays = await Promise.all(sends.map((send) => post(second, send)));
    for (const [i, replay] of replays.entries()) {
      expect(replay, JSON.stringify(sends[i]?.body)).toMatchObject({ status: 201 });
      const earlier = before[i];
      // An accepted send is the same send when asked again.
      if (earlier !== undefined && "status" in earlier && "status" in replay) {
        expect(replay.transactionId).toBe(earlier.transactionId);
      }
    }

    // Each key: one send request, one sent transaction, one ledger posting at most; no more.
    const keys = sends.map((send) => send.body.idempotencyKey);
    // (The database is this test's own: every row is the burst's.)
    const requestRows = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from send_requests`);
    expect(Number(requestRows.rows[0]?.n)).toBe(keys.length);
    const sentRows = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from wallet_transactions where type = 'send'`,
    );
    expect(Number(sentRows.rows[0]?.n)).toBe(keys.length);
    const withdrawalRows = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from withdrawals`,
    );
    expect(Number(withdrawalRows.rows[0]?.n)).toBe(sends.filter((s) => s.body.recipient === OUTSIDE).length);

    // The balances are exactly those of one send per key.
    const expected = new Map(customers.map((c) => [c.user.id, FUNDS]));
    for (const { from, body } of sends) {
      const amount = BigInt(body.amountSats);
      const fee = body.recipient === OUTSIDE ? WITHDRAWAL_FEE : 0n;
      expected.set(from.user.id, (expected.get(from.user.id) ?? 0n) - amount - fee);
      const payee = customers.find((c) => c.user.username === body.recipient);
      if (payee !== undefined) expected.set(payee.user.id, (expected.get(payee.user.id) ?? 0n) + amount);
    }
    for (const customer of customers) {
      expect(await balanceOf(t, customer.token)).toBe(expected.get(customer.user.id));
    }
    await expectBooksBalanced(t.db);
    return { answered: accepted.length, cutOff: cut.length, seconds: (Date.now() - started) / 1000 };
  } finally {
    await server?.kill("SIGKILL");
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
