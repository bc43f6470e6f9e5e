import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../adapters/clock.js";
import type { Db } from "../db/client.js";
import * as schema from "../db/schema/index.js";
import { AppError } from "../domain/app-error.js";
import { sats } from "../domain/money.js";
import type { User } from "../domain/user.js";
import { sendBitcoin } from "../modules/wallet/index.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { extraPool } from "../test/extra-pool.js";
import { fundFromEquity } from "../test/fund-from-equity.js";
import { markVerified } from "../test/mark-verified.js";
import { expectBooksBalanced, insertCustomer, walletContext } from "../test/money-helpers.js";
import { customerAccountId, customerBalance, openCustomerAccounts } from "./accounts.js";
import { postTransfers } from "./post-transfers.js";

// Real concurrency needs real connections: PGlite runs one connection in this process, so everything
// it does is already one-at-a-time. These tests run when TEST_DATABASE_URL names a PostgreSQL server.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

let t: TestApp;
let pool: pg.Pool;
let db: Db;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  if (t.handle.kind !== "postgres") throw new Error("expected PostgreSQL");
  // 20 connections, so that 200 sends really overlap in the database.
  pool = extraPool(t.handle.pool.options.connectionString, 20);
  db = drizzle({ client: pool, schema });
});
afterAll(async () => {
  if (!onPostgres) return;
  await pool.end();
  await t.close();
});

async function verifiedCustomer(funds: bigint): Promise<User> {
  const user = await insertCustomer(db);
  await markVerified({ ctx: { db, clock: systemClock }, userId: user.id });
  if (funds > 0n) {
    await fundFromEquity({
      ctx: { db, clock: systemClock },
      userId: user.id,
      amount: sats(funds),
      idempotencyKey: randomUUID(),
    });
  }
  return user;
}

describe.skipIf(!onPostgres)(
  "concurrent sends on PostgreSQL (skipped on PGlite: one connection, nothing runs at once)",
  () => {
    // "Never below zero" needs no watcher here: the ledger's CHECK constraint makes a negative customer
    // balance impossible to commit, and expectBooksBalanced checks it at the end.
    it("200 sends of 10,000 sat from 1,000,000 sat: exactly 100 succeed and the balance ends at zero", async () => {
      const sender = await verifiedCustomer(1_000_000n);
      const recipients = await Promise.all([1, 2, 3, 4].map(() => verifiedCustomer(0n)));
      const usernames = recipients.map((recipient) => recipient.username);
      const ctx = { ...walletContext(t), db };
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          sendBitcoin({
            ctx,
            sender,
            body: {
              recipient: usernames[i % usernames.length] ?? "",
              amountSats: "10000",
              idempotencyKey: randomUUID(),
            },
          }),
        ),
      );
      const succeeded = results.filter((result) => result.status === "fulfilled");
      const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      expect(succeeded).toHaveLength(100);
      expect(refused).toHaveLength(100);
      for (const reason of refused) {
        expect(reason).toBeInstanceOf(AppError);
        expect(reason).toMatchObject({
          reason: "insufficientFunds",
          fields: { amount: expect.stringMatching(/^You can only send up to /) },
        });
      }
      expect(await customerBalance(db, sender.id)).toBe(0n);
      let received = 0n;
      for (const recipient of recipients) received += await customerBalance(db, recipient.id);
      expect(received).toBe(1_000_000n);
      await expectBooksBalanced(db);
    }, 60_000);

    it("50 concurrent repeats of one send make one transfer and all answer the same transaction", async () => {
      const sender = await verifiedCustomer(100_000n);
      const recipient = await verifiedCustomer(0n);
      const ctx = { ...walletContext(t), db };
      const body = { recipient: recipient.username, amountSats: "777", idempotencyKey: randomUUID() };
      const answers = await Promise.all(Array.from({ length: 50 }, () => sendBitcoin({ ctx, sender, body })));
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      expect(await customerBalance(db, recipient.id)).toBe(777n);
      const rows = await db.execute<{ n: string }>(
        sql`select count(*)::text as n from wallet_transactions where user_id = ${recipient.id}`,
      );
      expect(rows.rows[0]?.n).toBe("1");
      await expectBooksBalanced(db);
    }, 60_000);

    it("50 concurrent postings under one ledger key make one transfer", async () => {
      const from = await verifiedCustomer(10_000n);
      const to = await verifiedCustomer(0n);
      const accounts = await openCustomerAccounts(db, [from.id, to.id]);
      const idOf = (userId: string) => customerAccountId(accounts, userId);
      const key = `race:${randomUUID()}`;
      const transfer = {
        debit: idOf(from.id),
        credit: idOf(to.id),
        amount: sats(10_000n),
        kind: "customer_transfer",
      } as const;
      const postings = await Promise.all(
        Array.from({ length: 50 }, () =>
          postTransfers(db, [transfer], { idempotencyKey: key, at: new Date() }),
        ),
      );
      expect(postings.filter((posting) => !posting.replayed)).toHaveLength(1);
      expect(new Set(postings.map((posting) => posting.transferIds.join()))).toHaveProperty("size", 1);
      expect(await customerBalance(db, to.id)).toBe(10_000n);
      await expectBooksBalanced(db);
    }, 60_000);
  },
);
