import { randomBytes, randomUUID } from "node:crypto";
import { toHex } from "@satsbank/verify";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import * as schema from "../../db/schema/index.js";
import { chainBlocks } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { bankAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { postTransfers } from "../../ledger/post-transfers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { extraPool } from "../../test/extra-pool.js";
import { testCustomer } from "../../test/money-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { buildEpoch, proofSettingsOf } from "./index.js";

// An epoch's ledger position means "every transfer up to it, and none after" (docs/proof-of-reserves.md),
// which a customer's receipt is compared against. Transfer ids are drawn when a posting inserts them, and
// postings commit in their own order: the epoch must wait for a posting in flight rather than see a later
// id without it. PostgreSQL only: PGlite serves one connection, so no posting is ever in flight beside a
// build there.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(chainBlocks).values({
    height: 77,
    hash: toHex(randomBytes(32)),
    previousHash: toHex(randomBytes(32)),
    processedAt: new Date(),
  });
});
afterAll(() => t.close());

describe("an epoch's ledger position", () => {
  it.skipIf(!onPostgres)(
    "waits for a posting in flight whose id is below one already committed, and counts it",
    async () => {
      if (t.handle.kind !== "postgres") throw new Error("PostgreSQL only");
      const early = await testCustomer(t, { name: "Early Id" });
      const late = await testCustomer(t, { name: "Late Id" });
      const accounts = await openCustomerAccounts(t.db, [early.user.id, late.user.id]);
      // Each posting from a bank account of its own: the one in flight holds its account's row lock.
      const credit = async (userId: string, amount: bigint, from: "opening_equity" | "fee_revenue") => [
        {
          debit: await bankAccountId(t.db, from),
          credit: accounts.get(userId) as number,
          amount: sats(amount),
          kind: "opening_balance" as const,
        },
      ];

      const pool = extraPool(t.handle.pool.options.connectionString, 2);
      const client = await pool.connect();
      try {
        // A posting in flight: its transfer has its id, and its transaction has not committed.
        await client.query("begin");
        const inFlight = await postTransfers(
          drizzle({ client, schema }),
          await credit(early.user.id, 7_000n, "opening_equity"),
          {
            idempotencyKey: randomUUID(),
            at: new Date(),
          },
        );
        // A later posting commits first, with a higher id.
        const committed = await postTransfers(t.db, await credit(late.user.id, 5_000n, "fee_revenue"), {
          idempotencyKey: randomUUID(),
          at: new Date(),
        });
        expect(committed.transferIds[0]).toBeGreaterThan(inFlight.transferIds[0] as number);

        const ctx = { db: t.db, clock: systemClock, ...proofSettingsOf(testConfig()) };
        const building = buildEpoch(ctx);
        // The build waits on the posting in flight (its lock request is not granted) ...
        await expect
          .poll(async () => {
            const waiting = await t.db.execute<{ n: string }>(
              sql`select count(*)::text as n from pg_locks
                   where not granted and relation = 'ledger_transfers'::regclass`,
            );
            return Number(waiting.rows[0]?.n);
          })
          .toBe(1);
        await client.query("commit");
        // ... and counts it: both credits are in the epoch's liabilities, at a position past both.
        const epoch = await building;
        expect(epoch.total).toBe("12000");
        const stored = await t.db.execute<{ position: string }>(
          sql`select ledger_position::text as position from proof_epochs where epoch = ${epoch.epoch}`,
        );
        expect(Number(stored.rows[0]?.position)).toBe(committed.transferIds[0]);
      } finally {
        await client.query("rollback").catch(() => undefined);
        client.release();
        await pool.end();
      }
    },
  );
});
