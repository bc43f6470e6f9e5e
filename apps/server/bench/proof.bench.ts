// `npm run bench`: proof of reserves at 1,000,000 customers (issue 23). Goals, on PostgreSQL: an epoch
// built (buildEpoch: the snapshot, the tree, every leaf and node stored) in under 30 s with the process
// under 1 GB, and a customer's own path (`GET /api/proof/:epoch/me`) served in under 20 ms p95.
//
// The data set is made in SQL in bulk (generate_series), not through the API: the customers, their ledger
// accounts, one opening-balance transfer from the bank's opening equity to each (one customer in ten keeps
// a zero balance, and is in the tree all the same), the balances set to their transfers, so the books sum
// to zero (checked), and the follower's block. A session is made in SQL for each customer asked for
// (the cookie holds a token, the database its SHA-256, as sign-in makes them).
//
// Run it alone: TEST_DATABASE_URL=postgres://... node --conditions=development --import tsx
// apps/server/bench/proof.bench.ts. BENCH_PROOF_CUSTOMERS changes the size (e.g. 20000 for a run of about
// 15 s), BENCH_PROOF_REQUESTS the paths asked for (2,000), one at a time and then 8 at a time, from a client
// in another process. PostgreSQL only: without TEST_DATABASE_URL it says so and stops. The database is
// made for the run and dropped after it.
import { fork } from "node:child_process";
import { randomInt } from "node:crypto";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { apiPaths, epochProofSchema, myLeafSchema } from "@satsbank/shared";
import { fromHex, leafNode, rootFromPath } from "@satsbank/verify";
import { sql } from "drizzle-orm";
import { systemClock } from "../src/adapters/clock.js";
import { deriveProofKey } from "../src/bitcoin/proof-key.js";
import type { Db } from "../src/db/client.js";
import { checkLedgerInvariants } from "../src/ledger/invariants.js";
import { BUILD_MARKS, buildEpoch } from "../src/modules/proof/build-epoch.js";
import { onServerDatabase, startBenchApp } from "./bench-app.js";

const CUSTOMERS = Number(process.env.BENCH_PROOF_CUSTOMERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_PROOF_REQUESTS ?? 2_000);
const WARMUP = 200;
const STARTED = "proof-bench:build-started";
const IN_FLIGHT = 8;
const BUILD_GOAL_S = 30;
const RSS_GOAL_MB = 1024;
const PATH_GOAL_MS = 20;
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/** Customer i's balance: one in ten zero, the others from 1,000 sat to about 0.1 BTC. */
const balanceSql = (i: string) =>
  sql.raw(`(case when ${i} % 10 = 0 then 0 else 1000 + (${i} * 7919) % 10000000 end)`);

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function seed(db: Db): Promise<void> {
  const started = performance.now();
  await db.execute(sql`
    insert into users (email, username, name, password_hash, email_verified_at)
    select 'proof-' || i || '@example.com', 'proof' || i, 'Proof Customer ' || i, 'not-a-hash', now()
      from generate_series(1, ${CUSTOMERS}) as i`);
  await db.execute(sql`
    insert into ledger_accounts (kind, user_id)
    select 'customer', id from users where username like 'proof%' order by username`);
  // Customer i is the one of username proof<i>; its opening balance comes from the bank's opening equity.
  await db.execute(sql`
    insert into ledger_transfers
      (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, leg, created_at)
    select equity.id, a.id, ${balanceSql("n")}, 'opening_balance', 'bench:proof',
           'bench-proof-opening:' || n, 0, now()
      from (select a.id, substring(u.username from 6)::bigint as n
              from ledger_accounts a join users u on u.id = a.user_id
             where u.username like 'proof%') a,
           (select id from ledger_accounts where kind = 'opening_equity' and user_id is null) equity
     where ${balanceSql("n")} > 0`);
  await db.execute(sql`
    update ledger_accounts a set balance = t.amount
      from ledger_transfers t
     where t.credit_account_id = a.id and t.kind = 'opening_balance' and t.reference = 'bench:proof'`);
  await db.execute(sql`
    update ledger_accounts set balance = balance - (
      select sum(amount) from ledger_transfers where kind = 'opening_balance' and reference = 'bench:proof')
     where kind = 'opening_equity' and user_id is null`);
  await db.execute(sql`
    insert into chain_blocks (height, hash, previous_hash, processed_at)
    values (840000, encode(sha256('bench block'), 'hex'), encode(sha256('bench parent'), 'hex'), now())`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze ledger_accounts`);
  await db.execute(sql`vacuum analyze ledger_transfers`);
  const invariants = await checkLedgerInvariants(db);
  if (!invariants.ok)
    throw new Error(`the bench's books do not hold: ${JSON.stringify(invariants, bigints)}`);
  console.info(
    `  seeded ${CUSTOMERS.toLocaleString("en")} customers in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `the books sum to zero, customers hold ${invariants.liabilitiesSats.toLocaleString("en")} sat`,
  );
}

const bigints = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/** Sessions for `count` customers drawn at random (the cookie's token, its SHA-256 stored). */
async function sessionsFor(db: Db, count: number): Promise<string[]> {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, CUSTOMERS)) picked.add(randomInt(1, CUSTOMERS + 1));
  const usernames = [...picked].map((i) => `proof${i}`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, remember, created_at, expires_at, proved_at)
    select id, encode(sha256(convert_to('proof-bench-session-' || username, 'UTF8')), 'hex'), false,
           now(), now() + interval '1 hour', now()
      from users where username = any(${`{${usernames.join(",")}}`}::text[])`);
  return usernames.map((username) => `proof-bench-session-${username}`);
}

type Root = { epoch: number; rootHash: string; total: string };

async function measureBuild(db: Db): Promise<number> {
  const ctx = { db, clock: systemClock, brandName: "Satsbank", proofKey: () => deriveProofKey(MNEMONIC) };
  ctx.proofKey();
  const before = process.memoryUsage().rss;
  const loadBefore = load();
  performance.clearMarks();
  let peakRss = before;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed + memory.external + memory.arrayBuffers);
  }, 50);
  const started = performance.now();
  performance.mark(STARTED);
  const summary = await buildEpoch(ctx);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const at = (name: string) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? Number.NaN;
  const span = (from: string, to: string) => `${((at(to) - at(from)) / 1000).toFixed(2)} s`;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.info(
    `  buildEpoch: ${seconds.toFixed(2)} s (goal under ${BUILD_GOAL_S} s: ${seconds < BUILD_GOAL_S ? "met" : "MISSED"}), ` +
      `load ${loadBefore} before, ${load()} after`,
  );
  console.info(
    `    snapshot read ${span(STARTED, BUILD_MARKS.read)}, tree (shuffle, salts, hashing) ` +
      `${span(BUILD_MARKS.read, BUILD_MARKS.hashed)}, leaves and nodes stored ${span(BUILD_MARKS.hashed, BUILD_MARKS.stored)}, ` +
      `the rest (root signed, commit) ${((started + seconds * 1000 - at(BUILD_MARKS.stored)) / 1000).toFixed(2)} s`,
  );
  console.info(
    `    memory: RSS ${mb(before)} before, peak ${mb(peakRss)} sampled, process maxRSS ${mb(maxRss)} ` +
      `(goal under ${RSS_GOAL_MB} MB: ${maxRss < RSS_GOAL_MB * 1024 * 1024 ? "met" : "MISSED"}); JS heap and buffers peak ${mb(peakHeap)}`,
  );
  return summary.epoch;
}

/** The epoch's signed root, as anyone reads it (`GET /api/proof/:epoch`). */
async function rootOf(url: string, epoch: number): Promise<Root> {
  const res = await fetch(`${url}${apiPaths.proof.epoch(epoch)}`);
  const { root } = epochProofSchema.parse(await res.json());
  return { epoch, rootHash: root.rootHash, total: root.total };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** What the client process is asked: GET `url` with each token's session, `inFlight` at a time. */
type ClientJob = { url: string; tokens: string[]; inFlight: number };
type ClientAnswer = { times: number[]; bodies: string[]; loadBefore: string } | { error: string };

/** The client's work: the warm-up, then every token once, each request timed from sending to its last byte. */
async function askAll({ url, tokens, inFlight }: ClientJob): Promise<ClientAnswer> {
  const ask = async (token: string) => {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie: `satsbank_session=${token}` } });
    const body = await res.text();
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET /me answered ${res.status}: ${body}`);
    return { took, body };
  };
  for (let i = 0; i < WARMUP; i++) await ask(tokens[i % tokens.length] as string);
  const loadBefore = load();
  const times: number[] = [];
  const bodies: string[] = [];
  let next = 0;
  const client = async () => {
    while (next < REQUESTS) {
      const { took, body } = await ask(tokens[next++ % tokens.length] as string);
      times.push(took);
      bodies.push(body);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, client));
  return { times, bodies, loadBefore };
}

/**
 * The client runs in a process of its own (this file again, BENCH_PROOF_CLIENT=1), as the other HTTP
 * benches' load does: the server's event loop serves, it does not also send.
 */
function inClientProcess(job: ClientJob): Promise<{ times: number[]; bodies: string[]; loadBefore: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), {
      execArgv: ["--conditions=development", "--import", "tsx"],
      env: { ...process.env, BENCH_PROOF_CLIENT: "1" },
    });
    let answer: ClientAnswer | undefined;
    child.once("message", (message: ClientAnswer) => {
      answer = message;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (answer === undefined) reject(new Error(`the client exited with ${code} and no figures`));
      else if ("error" in answer) reject(new Error(answer.error));
      else resolve(answer);
    });
    child.send(job);
  });
}

async function measurePaths(url: string, epoch: Root, tokens: string[], inFlight: number): Promise<void> {
  const { times, bodies, loadBefore } = await inClientProcess({
    url: `${url}${apiPaths.proof.mine(epoch.epoch)}`,
    tokens,
    inFlight,
  });
  times.sort((a, b) => a - b);
  // Every answer is a path to the signed root: the figures are of real answers.
  for (const body of bodies) {
    const leaf = myLeafSchema.parse(JSON.parse(body));
    const node = leafNode({
      salt: fromHex(leaf.salt, "salt", 32),
      accountId: BigInt(leaf.accountId),
      balance: BigInt(leaf.balance),
    });
    const top = rootFromPath(
      node,
      leaf.index,
      leaf.path.map((step) => ({ hash: fromHex(step.hash, "hash", 32), sum: BigInt(step.sum) })),
    );
    if (Buffer.from(top.hash).toString("hex") !== epoch.rootHash || top.sum.toString() !== epoch.total)
      throw new Error(`customer ${leaf.accountId}'s path does not lead to the root`);
  }
  const p95 = percentile(times, 95);
  console.info(
    `  GET /api/proof/:epoch/me, ${REQUESTS.toLocaleString("en")} customers at random, ${inFlight} in flight ` +
      `(keep-alive, from another process, after ${WARMUP} warm-up): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
      `p99 ${percentile(times, 99).toFixed(1)} ms, max ${(times.at(-1) ?? Number.NaN).toFixed(1)} ms ` +
      `(goal p95 under ${PATH_GOAL_MS} ms: ${p95 < PATH_GOAL_MS ? "met" : "MISSED"}); load ${loadBefore} before, ` +
      `${load()} after; every path led to the signed root`,
  );
}

async function run(serverUrl: string): Promise<void> {
  await onServerDatabase(serverUrl, async (database) => {
    const { handle } = database;
    const app = await startBenchApp(database);
    try {
      console.info(`\n${database.label}, ${CUSTOMERS.toLocaleString("en")} customers (load ${load()})`);
      await seed(handle.db);
      const tokens = await sessionsFor(handle.db, REQUESTS);
      const epoch = await rootOf(app.url, await measureBuild(handle.db));
      await measurePaths(app.url, epoch, tokens, 1);
      await measurePaths(app.url, epoch, tokens, IN_FLIGHT);
    } finally {
      await app.close();
    }
  });
}

const serverUrl = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_PROOF_CLIENT === "1") {
  process.once("message", (job: ClientJob) => {
    askAll(job)
      .catch(
        (error: unknown): ClientAnswer => ({ error: error instanceof Error ? error.message : String(error) }),
      )
      .then((answer) => process.send?.(answer, () => process.exit(0)));
  });
} else if (serverUrl === undefined) {
  console.info("\nproof: not run (set TEST_DATABASE_URL to a PostgreSQL server)");
} else {
  await run(serverUrl);
}
