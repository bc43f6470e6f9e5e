// `npm run bench`: how many ledger transfers per second the posting paths sustain, on the embedded PGlite
// and, when TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there (dropped afterwards).
// 20 concurrent workers post between random accounts, first among 50 accounts, then among 10 hot ones:
// - plain: a plain PL/pgSQL transfer function made for the bench (two conditional UPDATEs in account id
//   order and an INSERT; no idempotency look-up, no net changes): the baseline, one transfer per call;
// - postTransfers: the send use case's path (ledger_post(), one transfer per posting, retried on
//   serialization failure or deadlock);
// - batched: postTransferBatch (ledger_post_batch(), decision 0016), BENCH_BATCH transfers per call
//   (default 100; 10 and 1,000 are printed as well over 50 accounts).
// The ratios are to the plain function in the same run. Each run lasts BENCH_SECONDS (default 10) after
// a short warm-up.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { withRetries } from "../src/db/db-transaction.js";
import { databaseError } from "../src/db/errors.js";
import { sats } from "../src/domain/money.js";
import { bankAccountId, openCustomerAccounts } from "../src/ledger/accounts.js";
import { InsufficientFundsError } from "../src/ledger/errors.js";
import { checkLedgerInvariants } from "../src/ledger/invariants.js";
import { postTransferBatch } from "../src/ledger/post-transfer-batch.js";
import { postTransfers } from "../src/ledger/post-transfers.js";
import { insertUser } from "../src/modules/auth/user-queries.js";
import { onPglite, onPostgres } from "./databases.js";

const WORKERS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(2, SECONDS);
/** PostgreSQL connections shared by the 20 workers (a pool of fewer connections than workers queues them). */
const POOL_SIZE = Number(process.env.BENCH_POOL ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const OTHER_BATCHES = [10, 1_000].filter((size) => size !== BATCH);

type Path = "plain" | "postTransfers" | "batched";

/**
 * The baseline: what a transfer function looks like without the ledger's rules beyond the balance check.
 * Account locks in id order (as the ledger takes them), so it never deadlocks either.
 */
async function createPlainFunction(db: Db): Promise<void> {
  await db.execute(sql`
    create or replace function bench_plain_transfer(p_debit bigint, p_credit bigint, p_amount bigint,
      p_key text, p_at timestamptz) returns bigint language plpgsql as $$
    declare
      v_id bigint;
      v_first bigint := least(p_debit, p_credit);
      v_second bigint := greatest(p_debit, p_credit);
    begin
      update ledger_accounts set balance = balance + case when id = p_debit then -p_amount else p_amount end
       where id = v_first and (id <> p_debit or balance >= p_amount);
      if not found then raise exception 'insufficient funds' using errcode = 'LD001'; end if;
      update ledger_accounts set balance = balance + case when id = p_debit then -p_amount else p_amount end
       where id = v_second and (id <> p_debit or balance >= p_amount);
      if not found then raise exception 'insufficient funds' using errcode = 'LD001'; end if;
      insert into ledger_transfers
        (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, leg, created_at)
      values (p_debit, p_credit, p_amount, 'customer_transfer', null, p_key, 0, p_at)
      returning id into v_id;
      return v_id;
    end
    $$`);
}

function preparePlain(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({ id: sql<string>`bench_plain_transfer::text` })
    .from(
      sql`bench_plain_transfer(${p("debit")}::bigint, ${p("credit")}::bigint, ${p("amount")}::bigint,
        ${p("key")}::text, ${p("at")}::timestamptz)`,
    )
    .prepare("bench_plain_transfer");
}

type Result = { tps: number; transfers: number; refused: number; retried: number };

async function customers(db: Db, count: number, funds: bigint): Promise<number[]> {
  const run = randomUUID().slice(0, 8);
  const users = [];
  for (let i = 0; i < count; i++) {
    users.push(
      await insertUser(db, {
        email: `bench-${run}-${i}@example.com`,
        username: `b${run}${i}`.replace(/[^a-z0-9]/g, "x"),
        name: `Bench ${i}`,
        phone: null,
        passwordHash: "not-a-hash",
        role: "customer",
        accountType: "personal",
      }),
    );
  }
  const accounts = await openCustomerAccounts(
    db,
    users.map((user) => user.id),
  );
  const equity = await bankAccountId(db, "opening_equity");
  for (const id of accounts.values()) {
    await postTransfers(db, [{ debit: equity, credit: id, amount: sats(funds), kind: "opening_balance" }], {
      idempotencyKey: `bench-funding:${randomUUID()}`,
      at: new Date(),
    });
  }
  return [...accounts.values()];
}

async function run(db: Db, accounts: number[], seconds: number, path: Path, batch = BATCH): Promise<Result> {
  let transfers = 0;
  let refused = 0;
  let retried = 0;
  const pick = () => accounts[Math.floor(Math.random() * accounts.length)] as number;
  const move = () => {
    const debit = pick();
    let credit = pick();
    while (credit === debit) credit = pick();
    return { debit, credit, amount: sats(BigInt(1 + Math.floor(Math.random() * 1000))) };
  };
  const plain = path === "plain" ? preparePlain(db) : undefined;
  const post = async (): Promise<number> => {
    if (plain !== undefined) {
      const { debit, credit, amount } = move();
      await plain.execute({ debit, credit, amount: amount.toString(), key: randomUUID(), at: new Date() });
      return 1;
    }
    if (path === "postTransfers") {
      await postTransfers(db, [{ ...move(), kind: "customer_transfer" }], {
        idempotencyKey: randomUUID(),
        at: new Date(),
      });
      return 1;
    }
    const postings = Array.from({ length: batch }, () => ({
      ...move(),
      kind: "customer_transfer" as const,
      idempotencyKey: randomUUID(),
    }));
    await postTransferBatch(db, postings, { at: new Date() });
    return batch;
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      let attempts = 0;
      try {
        // Awaited first: `transfers += await ...` would read the count before the wait and lose the
        // other workers' additions.
        const posted = await withRetries(() => {
          attempts += 1;
          return post();
        });
        transfers += posted;
      } catch (error) {
        if (!(error instanceof InsufficientFundsError || databaseError(error)?.code === "LD001")) throw error;
        refused += 1;
      }
      retried += attempts - 1;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { tps: transfers / elapsed, transfers, refused, retried };
}

async function measure(label: string, db: Db): Promise<void> {
  await createPlainFunction(db);
  const wide = await customers(db, 50, 10n ** 12n);
  const hot = await customers(db, 10, 10n ** 12n);
  for (const path of ["plain", "postTransfers", "batched"] as const)
    await run(db, wide, WARMUP_SECONDS, path);
  const results: Array<[string, Result, Path]> = [];
  for (const [name, accounts] of [
    ["50 accounts", wide],
    ["10 hot accounts", hot],
  ] as const) {
    for (const path of ["plain", "postTransfers", "batched"] as const) {
      const shown = path === "batched" ? `batched (${BATCH})` : path;
      results.push([`${name.padEnd(16)} ${shown.padEnd(16)}`, await run(db, accounts, SECONDS, path), path]);
    }
  }
  const others: Array<[string, Result]> = [];
  for (const size of OTHER_BATCHES) {
    others.push([
      `${"50 accounts".padEnd(16)} ${`batched (${size})`.padEnd(16)}`,
      await run(db, wide, SECONDS, "batched", size),
    ]);
  }
  const books = await checkLedgerInvariants(db);
  const line = (name: string, result: Result, base?: Result) =>
    `  ${name} ${Math.round(result.tps).toString().padStart(7)} transfers/s` +
    (base === undefined ? "" : `  ${(result.tps / base.tps).toFixed(2)}x plain`) +
    `  (${result.transfers} in ${SECONDS} s, ${result.refused} refused, ${result.retried} retried)`;
  console.info(`\n${label}: ${WORKERS} concurrent workers`);
  const wideBase = results[0]?.[1];
  const hotBase = results[3]?.[1];
  for (const [index, [name, result]] of results.entries())
    console.info(line(name, result, index < 3 ? wideBase : hotBase));
  for (const [name, result] of others) console.info(line(name, result, wideBase));
  const [wideSingle, hotSingle] = [results[1]?.[1], results[4]?.[1]];
  if (wideSingle !== undefined && hotSingle !== undefined)
    console.info(
      `  hot ratio        ${(hotSingle.tps / wideSingle.tps).toFixed(2)}  (postTransfers: 10-account tps / 50-account tps)`,
    );
  console.info(
    `  books            ${books.ok ? "balanced, no customer below zero, every balance = its transfers" : "BROKEN"}`,
  );
  if (!books.ok) process.exitCode = 1;
}

console.info(`Ledger postings: plain function, postTransfers and batches of ${BATCH}, ${SECONDS} s per run`);
await onPglite(measure);
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl === undefined)
  console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
else await onPostgres(serverUrl, POOL_SIZE, measure);
