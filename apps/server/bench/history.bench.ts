// `npm run bench`: the history at 1,000,000 transactions (issue 13). Goal: p95 under 25 ms for each of a
// search by name, a search by address prefix, a filter by type and a next page, in the customer's history
// (listTransactions, as GET /api/transactions runs it) and in staff's Transaction History
// (listAdminTransactions), pages of 20.
//
// The rows are made as the product makes them, through the ledger's posting batches (postTransferBatch,
// decision 0016), 5,000 postings per db transaction: deposits (hot wallet -> customer, a completed receive
// with its address and txid) and sends between customers (a send and a receive naming each other, one in
// ten to the payee's address, some with a note), over two years. Every send is funded: the generator
// keeps each customer's balance and the ledger refuses an overdraft anyway. 2,000 customers; one of them,
// a busy merchant, takes part in a fifth of the postings (about 200,000 rows): the hard customer history.
// Addresses are bech32-shaped strings from a seeded generator (real derivation runs ~1,200/s).
//
// PostgreSQL (TEST_DATABASE_URL's server): the database satsbank_history_bench (BENCH_HISTORY_DB), kept
// between runs because building it takes minutes; BENCH_HISTORY_REBUILD=1 makes it again. PGlite: in
// memory, built each run, only with BENCH_HISTORY_PGLITE=1 (it takes long). BENCH_HISTORY_ROWS changes
// the size (default 1,000,000).
import { createHash, randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, pgliteOptions, wrapPglite } from "../src/db/client.js";
import { inDbTransaction } from "../src/db/db-transaction.js";
import { migrateDatabase } from "../src/db/migrate.js";
import * as schema from "../src/db/schema/index.js";
import { encodeCursor } from "../src/domain/history.js";
import { sats } from "../src/domain/money.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../src/ledger/accounts.js";
import { checkLedgerInvariants } from "../src/ledger/invariants.js";
import { type BatchedTransfer, postTransferBatch } from "../src/ledger/post-transfer-batch.js";
import { listAdminTransactions } from "../src/modules/admin/list-transactions.js";
import { insertUser } from "../src/modules/auth/user-queries.js";
import { followerHeight } from "../src/modules/chain/index.js";
import { listTransactions } from "../src/modules/transactions/list-transactions.js";
import { insertWalletTransactions, type NewWalletTransaction } from "../src/modules/transactions/queries.js";

const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const CUSTOMERS = 2_000;
const POSTINGS_PER_BATCH = 5_000;
/** Rows per INSERT: 16 columns each stay under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2_000;
const RUNS = 200;
const WARMUP = 20;
const PAGE = 20;
const GOAL_MS = 25;

// A seeded generator (mulberry32): the same data every build.
let seed = 0x5a75_ba4c;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}
const below = (n: number) => Math.floor(random() * n);
const pickOf = <T>(items: readonly T[]): T => items[below(items.length)] as T;

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const address = () => `bcrt1q${Array.from({ length: 38 }, () => BECH32[below(32)]).join("")}`;
/** Unique by its counter: the generator's 2^32 values repeat among 200,000 draws. */
let txids = 0;
function txid(): string {
  txids += 1;
  return createHash("sha256").update(`${txids}:${random()}`).digest("hex");
}

const FIRST = [
  "Alice",
  "Bruno",
  "Chloe",
  "Dmitri",
  "Elena",
  "Farid",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Keiko",
  "Liam",
  "Maya",
  "Nadia",
  "Omar",
  "Priya",
  "Quentin",
  "Rosa",
  "Sven",
  "Tara",
  "Umar",
  "Vera",
  "Wei",
  "Ximena",
  "Yusuf",
  "Zoe",
];
const LAST = [
  "Martin",
  "Okafor",
  "Silva",
  "Novak",
  "Tanaka",
  "Haddad",
  "Larsen",
  "Moreau",
  "Kowalski",
  "Reyes",
  "Schmidt",
  "Mensah",
  "Ivanova",
  "Costa",
  "Nguyen",
  "Fischer",
  "Rossi",
  "Dubois",
  "Khan",
  "Berg",
];
const NOTES = [
  "Dinner",
  "Rent share",
  "Coffee",
  "Thanks!",
  "Concert tickets",
  "Groceries",
  "Birthday gift",
  null,
];

type Customer = {
  id: string;
  username: string;
  name: string;
  account: number;
  address: string;
  balance: bigint;
};

async function makeCustomers(db: Db): Promise<Customer[]> {
  const made: Array<Omit<Customer, "account">> = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const first = pickOf(FIRST);
    const last = pickOf(LAST);
    const username = `${first}${last}${i}`.toLowerCase().slice(0, 20);
    const user = await insertUser(db, {
      email: `${username}@history.example`,
      username,
      name: i === 0 ? "Bitcoin Corner Shop" : `${first} ${last}`,
      phone: null,
      passwordHash: "not-a-hash",
      role: "customer",
      accountType: i === 0 ? "business" : "personal",
    });
    made.push({ id: user.id, username: user.username, name: user.name, address: address(), balance: 0n });
  }
  const accounts = await openCustomerAccounts(
    db,
    made.map((c) => c.id),
  );
  return made.map((c) => ({ ...c, account: customerAccountId(accounts, c.id) }));
}

/** Builds the history: batches of postings with their rows, each batch one db transaction. */
async function build(db: Db): Promise<void> {
  const started = performance.now();
  const customers = await makeCustomers(db);
  const hotWallet = await bankAccountId(db, "hot_wallet");
  const begin = Date.parse("2024-11-25T00:00:00Z");
  const span = 2 * 365 * 24 * 3600 * 1000;
  // Postings needed: a deposit makes one row, a send two; one posting in five is a deposit.
  const postings = Math.ceil(ROWS / 1.8);
  let rows = 0;
  let posted = 0;
  const merchant = customers[0] as Customer;
  while (rows < ROWS) {
    const batch: BatchedTransfer[] = [];
    const history: NewWalletTransaction[] = [];
    const batchAt = new Date(begin + (span * posted) / postings);
    while (batch.length < POSTINGS_PER_BATCH && rows < ROWS) {
      const at = new Date(begin + (span * posted) / postings + below(1000));
      posted += 1;
      const involvesMerchant = random() < 0.2;
      // Everyone's first money arrives as a deposit; after that one posting in five is a deposit.
      const unfunded = posted <= CUSTOMERS ? customers[posted - 1] : undefined;
      if (unfunded !== undefined || random() < 0.2 || rows + 2 > ROWS) {
        const payee = unfunded ?? (involvesMerchant ? merchant : pickOf(customers));
        const amount = BigInt(unfunded !== undefined ? 500_000_000 : 10_000 + below(5_000_000));
        const id = txid();
        payee.balance += amount;
        batch.push({
          debit: hotWallet,
          credit: payee.account,
          amount: sats(amount),
          kind: "deposit",
          reference: `deposit:${id}:0`,
          idempotencyKey: `deposit:${id}:0`,
        });
        history.push({
          id: randomUUID(),
          userId: payee.id,
          type: "receive",
          status: "completed",
          amount,
          fee: 0n,
          counterpartyUserId: null,
          counterpartyUsername: null,
          counterpartyName: null,
          address: payee.address,
          note: null,
          transferId: null,
          txid: id,
          blockHeight: 100_000 + Math.floor(posted / 50),
          createdAt: at,
        });
        rows += 1;
        continue;
      }
      let sender = involvesMerchant && random() < 0.5 ? merchant : pickOf(customers);
      let payee = involvesMerchant && sender !== merchant ? merchant : pickOf(customers);
      while (payee === sender) payee = pickOf(customers);
      const amount = BigInt(1_000 + below(200_000));
      if (sender.balance < amount) [sender, payee] = [payee, sender];
      if (sender.balance < amount) continue;
      sender.balance -= amount;
      payee.balance += amount;
      const transactionId = randomUUID();
      batch.push({
        debit: sender.account,
        credit: payee.account,
        amount: sats(amount),
        kind: "customer_transfer",
        reference: `transaction:${transactionId}`,
        idempotencyKey: `send:${sender.id}:${transactionId}`,
      });
      const common = {
        status: "completed",
        amount,
        fee: 0n,
        address: random() < 0.1 ? payee.address : null,
        note: pickOf(NOTES),
        transferId: null,
        txid: null,
        blockHeight: null,
        createdAt: at,
      } as const;
      history.push(
        {
          ...common,
          id: transactionId,
          userId: sender.id,
          type: "send",
          counterpartyUserId: payee.id,
          counterpartyUsername: payee.username,
          counterpartyName: payee.name,
        },
        {
          ...common,
          id: randomUUID(),
          userId: payee.id,
          type: "receive",
          counterpartyUserId: sender.id,
          counterpartyUsername: sender.username,
          counterpartyName: sender.name,
        },
      );
      rows += 2;
    }
    await inDbTransaction(db, async (tx) => {
      const results = await postTransferBatch(tx, batch, { at: batchAt });
      // Each row names its transfer, as the product's rows do.
      let row = 0;
      for (const [index, posting] of batch.entries()) {
        const transferId = (results[index] as { transferId: number }).transferId;
        const sides = posting.kind === "deposit" ? 1 : 2;
        for (let side = 0; side < sides; side++)
          (history[row + side] as NewWalletTransaction).transferId = transferId;
        row += sides;
      }
      for (let i = 0; i < history.length; i += ROWS_PER_INSERT)
        await insertWalletTransactions(tx, history.slice(i, i + ROWS_PER_INSERT));
    });
    if (Math.floor(rows / 100_000) !== Math.floor((rows - history.length) / 100_000))
      console.info(`  ${rows} rows, ${Math.round((performance.now() - started) / 1000)} s`);
  }
  // A settled table, as autovacuum leaves it: statistics, and the visibility map index-only scans need.
  await db.execute(sql`vacuum analyze`);
  console.info(`  built ${rows} rows in ${Math.round((performance.now() - started) / 1000)} s`);
}

async function historyRows(db: Db): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*)::text as n from wallet_transactions`);
  return Number(result.rows[0]?.n ?? 0);
}

type Figures = { p50: number; p95: number; max: number; rows: number };

async function time(run: (i: number) => Promise<number>): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows += await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p95: at(0.95), max: at(1), rows: rows / RUNS };
}

async function sample<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}

async function measure(label: string, db: Db): Promise<void> {
  console.info(`\n${label}: ${await historyRows(db)} history rows`);
  const [merchant] = await sample<{ id: string; n: string }>(
    db,
    sql`select user_id as id, count(*)::text as n from wallet_transactions group by user_id order by count(*) desc limit 1`,
  );
  const [typical] = await sample<{ id: string; n: string }>(
    db,
    sql`select user_id as id, count(*)::text as n from wallet_transactions
         where user_id <> ${merchant?.id} group by user_id order by user_id limit 1`,
  );
  if (merchant === undefined || typical === undefined) throw new Error("no history");
  // What people type: part of a name, the start of an address (after "bcrt1q"), and cursors anywhere.
  const names = await sample<{ username: string; name: string }>(
    db,
    sql`select username, name from users where role = 'customer' order by random() limit 50`,
  );
  const addresses = (
    await sample<{ address: string }>(
      db,
      sql`select address from wallet_transactions tablesample system (1) where address is not null limit 50`,
    )
  ).map((row) => row.address);
  const cursors = async (userId: string | null) =>
    (
      await sample<{ created_at: string; id: string }>(
        db,
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, id
              from wallet_transactions ${userId === null ? sql`tablesample system (1)` : sql`where user_id = ${userId} order by random()`}
             limit 50`,
      )
    ).map((row) => encodeCursor({ createdAt: row.created_at, id: row.id }));
  const customerCursors = { merchant: await cursors(merchant.id), typical: await cursors(typical.id) };
  const staffCursors = await cursors(null);
  const usernamePart = (i: number) => (names[i % names.length]?.username ?? "alice").slice(0, 6);
  const namePart = (i: number) => names[i % names.length]?.name ?? "Alice";
  const addressPrefix = (i: number) => (addresses[i % addresses.length] ?? "bcrt1q").slice(0, 14);

  const lines: Array<[string, Figures]> = [];
  for (const [who, user] of [
    [`merchant (${merchant.n} rows)`, merchant],
    [`typical (${typical.n} rows)`, typical],
  ] as const) {
    const page = (input: Partial<Parameters<typeof listTransactions>[0]>) =>
      listTransactions({
        ctx: { db, chainHeight: followerHeight },
        userId: user.id,
        filter: "all",
        limit: PAGE,
        ...input,
      }).then((result) => result.items.length);
    const own = user === merchant ? customerCursors.merchant : customerCursors.typical;
    lines.push([`customer ${who}: search by name`, await time((i) => page({ q: usernamePart(i) }))]);
    lines.push([`customer ${who}: address prefix`, await time((i) => page({ q: addressPrefix(i) }))]);
    lines.push([`customer ${who}: filter sent`, await time(() => page({ filter: "sent" }))]);
    lines.push([`customer ${who}: next page`, await time((i) => page({ cursor: own[i % own.length] }))]);
  }
  const staff = (query: Partial<Parameters<typeof listAdminTransactions>[0]["query"]>) =>
    listAdminTransactions({ ctx: { db }, query: { type: "all", status: "all", limit: PAGE, ...query } }).then(
      (result) => result.items.length,
    );
  lines.push([`staff: search by name`, await time((i) => staff({ q: namePart(i) }))]);
  lines.push([`staff: address prefix`, await time((i) => staff({ q: addressPrefix(i) }))]);
  lines.push([`staff: filter send`, await time(() => staff({ type: "send" }))]);
  lines.push([
    `staff: next page`,
    await time((i) => staff({ cursor: staffCursors[i % staffCursors.length] })),
  ]);
  const ms = (n: number) => n.toFixed(1).padStart(7);
  console.info(`  ${"query (pages of 20)".padEnd(46)}     p50     p95     max   rows/page`);
  for (const [name, f] of lines) {
    const mark = f.p95 <= GOAL_MS ? "ok" : `over ${GOAL_MS} ms`;
    console.info(
      `  ${name.padEnd(46)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.max)}   ${f.rows.toFixed(1).padStart(5)}  ${mark}`,
    );
  }
  const books = await checkLedgerInvariants(db);
  console.info(
    `  books: ${books.ok ? "balanced, no customer below zero, every balance = its transfers" : "BROKEN"}`,
  );
  if (!books.ok) process.exitCode = 1;
}

async function onHistoryPostgres(serverUrl: string): Promise<void> {
  const name = process.env.BENCH_HISTORY_DB ?? "satsbank_history_bench";
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (process.env.BENCH_HISTORY_REBUILD === "1")
      await admin.query(`drop database if exists "${name}" with (force)`);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on("error", () => {});
  try {
    const db: Db = drizzle({ client: pool, schema });
    await migrateDatabase({ kind: "postgres", pool, db, ping: async () => {}, close: async () => {} });
    const have = await historyRows(db);
    if (have < ROWS) {
      if (have > 0)
        throw new Error(`${name} holds ${have} rows, not ${ROWS}: run with BENCH_HISTORY_REBUILD=1`);
      console.info(`\nBuilding ${ROWS} history rows in ${name} (kept for the next run)`);
      await build(db);
    }
    await measure(`PostgreSQL (database ${name})`, db);
  } finally {
    await pool.end();
  }
}

async function onHistoryPglite(): Promise<void> {
  const handle = await wrapPglite(new PGlite(pgliteOptions));
  try {
    await migrateDatabase(handle);
    console.info(`\nBuilding ${ROWS} history rows in PGlite (in memory)`);
    await build(handle.db);
    await measure("PGlite (in-process WASM PostgreSQL)", handle.db);
  } finally {
    await handle.close();
  }
}

console.info(
  `History at ${ROWS} rows: ${RUNS} runs per query after ${WARMUP} warm-up, goal p95 <= ${GOAL_MS} ms`,
);
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl === undefined)
  console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
else await onHistoryPostgres(serverUrl);
if (process.env.BENCH_HISTORY_PGLITE === "1") await onHistoryPglite();
else
  console.info(
    "\nPGlite: not run (BENCH_HISTORY_PGLITE=1 runs it; building 1,000,000 rows there takes long)",
  );
