// The history bench's measurements (history.bench.ts): p50, p95 and max of each query of a customer's
// history (listTransactions, as GET /api/transactions runs it) and of staff's Transaction History
// (listAdminTransactions), pages of 20, over the data set history-data.ts built; then the books.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { encodeCursor } from "../src/domain/history.js";
import { checkLedgerInvariants } from "../src/ledger/invariants.js";
import { listAdminTransactions } from "../src/modules/admin/list-transactions.js";
import { followerHeight } from "../src/modules/chain/index.js";
import { listTransactions } from "../src/modules/transactions/list-transactions.js";
import { historyRows } from "./history-data.js";

export const RUNS = 200;
export const WARMUP = 20;
const PAGE = 20;
export const GOAL_MS = 25;

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

export async function measure(label: string, db: Db): Promise<void> {
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
