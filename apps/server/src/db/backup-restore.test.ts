import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { checkLedgerInvariants } from "../ledger/invariants.js";
import { announcerOn } from "../modules/notifications/index.js";
import { me } from "../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { balanceOf, sendRequest, type TestCustomer, testCustomer } from "../test/money-helpers.js";
import { testConfig } from "../test/test-config.js";
import { type DatabaseHandle, type Db, openDatabase, pgliteOptions, wrapPglite } from "./client.js";

// A backup is only one if a restore of it gives back the bank: every balance, the books, the accounts
// and their sessions. These tests back up a database made through the real use cases and restore it
// into a fresh one, with the commands docs/OPERATIONS.md gives the operator.

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;

/** What must survive: every row that says who has what and who is signed in, in a stable order. */
async function bankState(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) =>
    (await db.execute<Record<string, unknown>>(query)).rows;
  return {
    accounts: await rows(sql`select id, kind, user_id, balance from ledger_accounts order by id`),
    transfers: await rows(sql`select * from ledger_transfers order by id`),
    history: await rows(sql`select * from wallet_transactions order by id`),
    users: await rows(sql`select * from users order by id`),
    sessions: await rows(sql`select * from sessions order by id`),
    migrations: await rows(sql`select hash from drizzle.__drizzle_migrations order by id`),
  };
}

type Made = { customers: TestCustomer[]; balances: bigint[] };

/** Three customers with balances, and money moved between them, through the API. */
async function makeCustomers(t: TestApp): Promise<Made> {
  const customers = [
    await testCustomer(t, { name: "Backup Alice", funds: 500_000n }),
    await testCustomer(t, { name: "Backup Bob", funds: 120_000n }),
    await testCustomer(t, { name: "Backup Carol" }),
  ];
  const [alice, bob, carol] = customers as [TestCustomer, TestCustomer, TestCustomer];
  for (const [from, to, amount] of [
    [alice, carol, "70000"],
    [bob, carol, "20000"],
    [alice, bob, "5000"],
  ] as const) {
    const res = await sendRequest(t, from.token, { recipient: to.user.username, amountSats: amount });
    expect(res.statusCode, res.body).toBe(201);
  }
  const balances = await Promise.all(customers.map((customer) => balanceOf(t, customer.token)));
  expect(balances).toEqual([425_000n, 105_000n, 90_000n]);
  return { customers, balances };
}

/** The restored database, served by a new app: the old session cookies still sign in, balances match. */
async function expectRestored(original: TestApp, restored: DatabaseHandle, made: Made): Promise<void> {
  expect(await bankState(restored.db)).toEqual(await bankState(original.db));
  const invariants = await checkLedgerInvariants(restored.db);
  expect(invariants).toMatchObject({ ok: true, booksBalanced: true, mismatchedAccounts: 0 });
  expect(invariants).toEqual(await checkLedgerInvariants(original.db));

  const app = await buildApp({ config: testConfig(), db: restored.db, dbPing: restored.ping });
  const served = {
    app,
    db: restored.db,
    handle: restored,
    storage: original.storage,
    announcer: announcerOn(restored.db, (error) => {
      throw error;
    }),
    close: () => app.close(),
  };
  try {
    for (const [index, customer] of made.customers.entries()) {
      const session = await me(served, customer.token);
      expect(session.statusCode, session.body).toBe(200);
      expect(session.json().user.email).toBe(customer.user.email);
      expect(await balanceOf(served, customer.token)).toBe(made.balances[index]);
    }
  } finally {
    await app.close();
  }
}

describe("backup and restore on PostgreSQL: pg_dump -Fc, pg_restore into a fresh database", () => {
  let t: TestApp;
  let made: Made;
  let dir: string;
  const restoredName = `satsbank_restore_${randomUUID().replaceAll("-", "")}`;

  beforeAll(async () => {
    if (serverUrl === undefined) return;
    t = await createTestApp();
    made = await makeCustomers(t);
    dir = await mkdtemp(path.join(tmpdir(), "satsbank-backup-"));
  });
  afterAll(async () => {
    if (serverUrl === undefined) return;
    await t.close();
    await rm(dir, { recursive: true, force: true });
    await adminQuery(serverUrl, `drop database if exists "${restoredName}" with (force)`);
  });

  it.skipIf(serverUrl === undefined)(
    "reproduces every balance, the books, the accounts and their sessions (needs TEST_DATABASE_URL: a PostgreSQL server)",
    async () => {
      if (t.handle.kind !== "postgres") throw new Error("expected the PostgreSQL test database");
      const sourceUrl = String(t.handle.pool.options.connectionString);
      const file = path.join(dir, "satsbank.dump");
      // The operator's commands (docs/OPERATIONS.md), as child processes.
      await run("pg_dump", ["--format=custom", "--no-owner", "--file", file, "--dbname", sourceUrl]);
      expect((await stat(file)).size).toBeGreaterThan(0);
      await adminQuery(serverUrl as string, `create database "${restoredName}"`);
      const restoredUrl = new URL(sourceUrl);
      restoredUrl.pathname = `/${restoredName}`;
      await run("pg_restore", [
        "--no-owner",
        "--exit-on-error",
        "--single-transaction",
        "--dbname",
        restoredUrl.toString(),
        file,
      ]);

      const restored = await openDatabase({ kind: "postgres", url: restoredUrl.toString() });
      try {
        await expectRestored(t, restored, made);
      } finally {
        await restored.close();
      }
    },
  );
});

describe("backup and restore on PGlite: dumpDataDir, loadDataDir", () => {
  let t: TestApp;
  beforeAll(async () => {
    if (serverUrl === undefined) t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(serverUrl !== undefined)(
    "reproduces every balance, the books, the accounts and their sessions (the suite runs on PGlite only without TEST_DATABASE_URL)",
    async () => {
      const made = await makeCustomers(t);
      if (t.handle.kind !== "pglite") throw new Error("expected the PGlite test database");
      const tarball = await t.handle.client.dumpDataDir("gzip");
      const restored = await wrapPglite(new PGlite({ ...pgliteOptions, loadDataDir: tarball }));
      try {
        await expectRestored(t, restored, made);
      } finally {
        await restored.close();
      }
    },
  );
});

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
