// `npm run bench`: the solvency watchdog's check at 100,000 customers (BENCH_SOLVENCY_CUSTOMERS changes
// it). Goal: under 200 ms on PostgreSQL. The data set is made as the product makes it: every customer
// credited by a deposit (hot wallet -> customer, posting batches of 5,000) and paid on by another (a
// transfer to the next customer), so the ledger holds two transfers per customer; the hot wallet holds one
// coin per deposit, then the same money consolidated into 1,000 coins (what payouts' change makes of it).
// The chain backend is the real bitcoind adapter over an in-memory node that answers gettxout batches
// from a map (so the JSON-RPC encoding and parsing are measured, not a node's disk). Measured, median of
// 7: the books' snapshot (balances, coins, open reorganised deposits: what every pass reads), the scan of
// every transfer (balances = transfers), and the whole check as the worker runs it at every pass.
import { sql } from "drizzle-orm";
import { systemClock } from "../src/adapters/clock.js";
import { bitcoindBackend } from "../src/bitcoin/chain/bitcoind.js";
import type { JsonRpcTransport } from "../src/bitcoin/chain/json-rpc.js";
import type { Db } from "../src/db/client.js";
import { sats } from "../src/domain/money.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../src/ledger/accounts.js";
import { checkLedgerInvariants, readLedgerPosition } from "../src/ledger/invariants.js";
import { type BatchedTransfer, postTransferBatch } from "../src/ledger/post-transfer-batch.js";
import { findBankCoins, findUnresolvedReorged } from "../src/modules/chain/index.js";
import { checkSolvency } from "../src/modules/solvency/index.js";
import { onPglite, onPostgres } from "./databases.js";

const CUSTOMERS = Number(process.env.BENCH_SOLVENCY_CUSTOMERS ?? 100_000);
const POSTINGS_PER_BATCH = 5_000;
const CONSOLIDATED_COINS = 1_000;
const RUNS = 7;
const TIP = "00".repeat(32);

/** Customer i's deposit: 100,000 sat and a little more, so the coins differ. */
const depositOf = (i: number) => 100_000n + BigInt(i % 1_000);

async function makeCustomers(db: Db): Promise<number[]> {
  await db.execute(sql`
    insert into users (email, username, name, password_hash)
    select 'bench-' || i || '@example.com', 'bench' || i, 'Bench Customer ' || i, 'not-a-hash'
      from generate_series(0, ${CUSTOMERS - 1}) as i`);
  const users = await db.execute<{ id: string; n: number }>(sql`
    select id, substring(username from 6)::int as n from users where username like 'bench%' order by 2`);
  const ids = users.rows.map((row) => row.id);
  const accounts: number[] = [];
  for (let from = 0; from < ids.length; from += 10_000) {
    const chunk = ids.slice(from, from + 10_000);
    const opened = await openCustomerAccounts(db, chunk);
    for (const id of chunk) accounts.push(customerAccountId(opened, id));
  }
  return accounts;
}

async function post(db: Db, postings: BatchedTransfer[]): Promise<void> {
  for (let from = 0; from < postings.length; from += POSTINGS_PER_BATCH) {
    await postTransferBatch(db, postings.slice(from, from + POSTINGS_PER_BATCH), { at: new Date() });
  }
}

/** The ledger's postings, and the hot wallet's coins: one per deposit (txid = sha256 of its number). */
async function makeBooks(db: Db, accounts: number[]): Promise<void> {
  const hotWallet = await bankAccountId(db, "hot_wallet");
  await post(
    db,
    accounts.map((account, i) => ({
      debit: hotWallet,
      credit: account,
      amount: sats(depositOf(i)),
      kind: "deposit" as const,
      reference: `deposit:bench:${i}`,
      idempotencyKey: `bench-deposit:${i}`,
    })),
  );
  await post(
    db,
    accounts.map((account, i) => ({
      debit: account,
      credit: accounts[(i + 1) % accounts.length] as number,
      amount: sats(1_000n + BigInt(i % 500)),
      kind: "customer_transfer" as const,
      reference: `transfer:bench:${i}`,
      idempotencyKey: `bench-transfer:${i}`,
    })),
  );
  await db.execute(sql`
    insert into hot_wallet_utxos (txid, vout, value_sats, address, chain, chain_index, status, created_at)
    select encode(sha256(convert_to('coin ' || i, 'UTF8')), 'hex'), 0, 100000 + i % 1000,
           'bcrt1qbench' || i, 0, i, 'available', now()
      from generate_series(0, ${CUSTOMERS - 1}) as i`);
  await db.execute(sql`analyze`);
}

/** The same money in CONSOLIDATED_COINS coins: the deposits' coins spent, change coins in their place. */
async function consolidate(db: Db): Promise<void> {
  await db.execute(sql`update hot_wallet_utxos set status = 'spent' where status = 'available'`);
  await db.execute(sql`
    insert into hot_wallet_utxos (txid, vout, value_sats, address, chain, chain_index, status, created_at)
    select encode(sha256(convert_to('change ' || c, 'UTF8')), 'hex'), 0,
           (select sum(100000 + i % 1000) from generate_series(0, ${CUSTOMERS - 1}) as i
             where i % ${CONSOLIDATED_COINS} = c),
           'bcrt1qchange' || c, 1, c, 'available', now()
      from generate_series(0, ${CONSOLIDATED_COINS - 1}) as c`);
  await db.execute(sql`analyze hot_wallet_utxos`);
}

/** A node that answers gettxout (batched) for the coins the database holds, from memory. */
async function inMemoryNode(db: Db): Promise<JsonRpcTransport> {
  const utxos = new Map<string, bigint>();
  for (const coin of await findBankCoins(db)) utxos.set(`${coin.txid}:${coin.vout}`, coin.valueSats);
  const answer = (request: { id: number; params: [string, number, boolean] }) => {
    const [txid, vout] = request.params;
    const value = utxos.get(`${txid}:${vout}`);
    const result =
      value === undefined
        ? null
        : {
            bestblock: TIP,
            confirmations: 6,
            value: Number(value) / 1e8,
            scriptPubKey: { hex: `0014${"ab".repeat(20)}`, type: "witness_v0_keyhash" },
            coinbase: false,
          };
    return { result, error: null, id: request.id };
  };
  return async (body) => ({ status: 200, body: JSON.stringify(JSON.parse(body).map(answer)) });
}

async function median(work: () => Promise<unknown>): Promise<{ median: number; fastest: number }> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? Number.NaN, fastest: times[0] ?? Number.NaN };
}

const ms = ({ median: m, fastest }: { median: number; fastest: number }) =>
  `${m.toFixed(1)} ms median of ${RUNS} (fastest ${fastest.toFixed(1)} ms)`;

async function measureChecks(db: Db, coins: string): Promise<void> {
  const chain = bitcoindBackend({ transport: await inMemoryNode(db), network: "regtest" });
  const ctx = { db, clock: systemClock, chain };
  const snapshot = await median(() =>
    Promise.all([readLedgerPosition(db), findUnresolvedReorged(db), findBankCoins(db)]),
  );
  const check = await median(async () => {
    const result = await checkSolvency(ctx);
    if (!result.ok) throw new Error(`the bench's books fail the check: ${JSON.stringify(result.problems)}`);
  });
  console.info(`  ${coins}:`);
  console.info(`    the books' snapshot (balances, coins, reorganised deposits): ${ms(snapshot)}`);
  console.info(
    `    the check at every pass (snapshot + gettxout of every coin): ${ms(check)} — goal under 200 ms`,
  );
}

async function measure(label: string, db: Db): Promise<void> {
  const building = performance.now();
  const accounts = await makeCustomers(db);
  await makeBooks(db, accounts);
  const built = (performance.now() - building) / 1000;
  const transfers = await db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
  console.info(
    `\n${label}: ${CUSTOMERS.toLocaleString("en")} customers, ${Number(transfers.rows[0]?.n).toLocaleString("en")} ` +
      `transfers (made in ${built.toFixed(1)} s)`,
  );
  const scan = await median(async () => {
    const invariants = await checkLedgerInvariants(db);
    if (!invariants.ok) throw new Error("the bench's ledger is not balanced");
  });
  console.info(`  every balance against its transfers (checkLedgerInvariants): ${ms(scan)}`);
  await measureChecks(db, `${CUSTOMERS.toLocaleString("en")} coins (one per deposit)`);
  await consolidate(db);
  await measureChecks(db, `${CONSOLIDATED_COINS.toLocaleString("en")} coins (consolidated by payouts)`);
}

await onPglite(measure);
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl === undefined)
  console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
else await onPostgres(serverUrl, 4, measure);
