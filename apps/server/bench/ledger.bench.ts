// `npm run bench`: how many ledger transfers per second the posting path sustains, on the embedded PGlite
// and, when TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there (dropped afterwards).
// 20 concurrent workers each post one transfer at a time (postTransfers, as the send use case does:
// one statement, retried on serialization failure or deadlock) between random accounts, first among 50
// accounts, then among 10 hot ones. Each run lasts BENCH_SECONDS (default 10) after a short warm-up.
import { randomUUID } from "node:crypto";
import type { Db } from "../src/db/client.js";
import { withRetries } from "../src/db/db-transaction.js";
import { sats } from "../src/domain/money.js";
import { bankAccountId, openCustomerAccounts } from "../src/ledger/accounts.js";
import { InsufficientFundsError } from "../src/ledger/errors.js";
import { checkLedgerInvariants } from "../src/ledger/invariants.js";
import { postTransfers } from "../src/ledger/post-transfers.js";
import { insertUser } from "../src/modules/auth/queries.js";
import { onPglite, onPostgres } from "./databases.js";

const WORKERS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(2, SECONDS);
/** PostgreSQL connections shared by the 20 workers (a pool of fewer connections than workers queues them). */
const POOL_SIZE = Number(process.env.BENCH_POOL ?? 10);

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

async function run(db: Db, accounts: number[], seconds: number): Promise<Result> {
  let transfers = 0;
  let refused = 0;
  let retried = 0;
  const pick = () => accounts[Math.floor(Math.random() * accounts.length)] as number;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const debit = pick();
      let credit = pick();
      while (credit === debit) credit = pick();
      const amount = sats(BigInt(1 + Math.floor(Math.random() * 1000)));
      let attempts = 0;
      try {
        await withRetries(() => {
          attempts += 1;
          return postTransfers(db, [{ debit, credit, amount, kind: "customer_transfer" }], {
            idempotencyKey: randomUUID(),
            at: new Date(),
          });
        });
        transfers += 1;
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
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
  const wide = await customers(db, 50, 10n ** 12n);
  const hot = await customers(db, 10, 10n ** 12n);
  await run(db, wide, WARMUP_SECONDS);
  const all = await run(db, wide, SECONDS);
  const concentrated = await run(db, hot, SECONDS);
  const books = await checkLedgerInvariants(db);
  const line = (name: string, result: Result) =>
    `  ${name.padEnd(16)} ${Math.round(result.tps).toString().padStart(6)} transfers/s` +
    `  (${result.transfers} in ${SECONDS} s, ${result.refused} refused, ${result.retried} retried)`;
  console.info(`\n${label}: ${WORKERS} concurrent workers`);
  console.info(line("50 accounts", all));
  console.info(line("10 hot accounts", concentrated));
  console.info(
    `  hot ratio        ${(concentrated.tps / all.tps).toFixed(2)}  (10-account tps / 50-account tps)`,
  );
  console.info(
    `  books            ${books.ok ? "balanced, no customer below zero, every balance = its transfers" : "BROKEN"}`,
  );
  if (!books.ok) process.exitCode = 1;
}

console.info(`Ledger postings: one transfer per posting, ${SECONDS} s per run`);
await onPglite(measure);
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl === undefined)
  console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
else await onPostgres(serverUrl, POOL_SIZE, measure);
