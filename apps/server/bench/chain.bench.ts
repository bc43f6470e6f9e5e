// `npm run bench`: the chain follower's two costs that grow with the bank.
// 1. Deposit addresses derived per second (BIP84, one public key derivation and a bech32 encoding each).
//    Goal on this machine: 1,500/s.
// 2. Matching a 4,000-transaction block (8,000 outputs, 100 of them to the bank) against 1,000,000 issued
//    addresses: the follower's one indexed query per block. Goal: under 100 ms. On PGlite and, with
//    TEST_DATABASE_URL, on PostgreSQL.
import { sql } from "drizzle-orm";
import type { ChainTransaction } from "../src/bitcoin/chain/chain-backend.js";
import { deriveWalletKeys, receiveAddress } from "../src/bitcoin/wallet-keys.js";
import type { Db } from "../src/db/client.js";
import { insertUser } from "../src/modules/auth/user-queries.js";
import { paymentsIn } from "../src/modules/chain/index.js";
import { onPglite, onPostgres } from "./databases.js";

const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const ISSUED = Number(process.env.BENCH_ADDRESSES ?? 1_000_000);
const TRANSACTIONS = 4_000;
const PAYING_THE_BANK = 100;
const RUNS = 7;

const keys = deriveWalletKeys(MNEMONIC, "regtest");

function derivationRate(): { perSecond: number; count: number } {
  // Warm-up: the chain key and the curve's precomputed tables are built on first use.
  for (let i = 0; i < 200; i++) receiveAddress(keys, 1_000_000 + i);
  const seconds = 3;
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < seconds * 1000) {
    receiveAddress(keys, count);
    count += 1;
  }
  return { perSecond: count / ((performance.now() - started) / 1000), count };
}

/**
 * A synthetic address, numbered in hex, that the database indexes like a real one (deriving a million real
 * ones would take minutes); the SQL below spells the issued ones the same way.
 */
const syntheticAddress = (i: number) => `bcrt1qbench${i.toString(16).padStart(30, "0")}`;

async function issueAddresses(db: Db): Promise<void> {
  const user = await insertUser(db, {
    email: "bench-addresses@example.com",
    username: "benchaddresses",
    name: "Bench Addresses",
    phone: null,
    passwordHash: "not-a-hash",
    role: "customer",
    accountType: "personal",
  });
  const batch = 100_000;
  for (let from = 0; from < ISSUED; from += batch) {
    const to = Math.min(ISSUED, from + batch) - 1;
    await db.execute(sql`
      insert into deposit_addresses (address, user_id, network, chain, chain_index, created_at)
      select 'bcrt1qbench' || lpad(to_hex(i), 30, '0'), ${user.id}, 'regtest', 0, i, now()
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await db.execute(sql`analyze deposit_addresses`);
}

function block(): ChainTransaction[] {
  const transactions: ChainTransaction[] = [];
  for (let t = 0; t < TRANSACTIONS; t++) {
    const outputs = [0, 1].map((vout) => {
      const ours = vout === 0 && t < PAYING_THE_BANK;
      const i = ours ? Math.floor((t * ISSUED) / PAYING_THE_BANK) : ISSUED + t * 2 + vout;
      return {
        vout,
        valueSats: 10_000n,
        address: syntheticAddress(i),
        script: "",
      };
    });
    transactions.push({ txid: t.toString(16).padStart(64, "0"), inputs: [], outputs, hex: "" });
  }
  return transactions;
}

async function measure(label: string, db: Db): Promise<void> {
  const issuing = performance.now();
  await issueAddresses(db);
  const issueSeconds = (performance.now() - issuing) / 1000;
  const transactions = block();
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    found = (await paymentsIn(db, { walletKeys: keys }, transactions)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  console.info(
    `\n${label}: ${ISSUED.toLocaleString("en")} issued addresses (inserted in ${issueSeconds.toFixed(1)} s)`,
  );
  console.info(
    `  a ${TRANSACTIONS.toLocaleString("en")}-transaction block: ${median.toFixed(1)} ms median of ${RUNS} ` +
      `(fastest ${times[0]?.toFixed(1)} ms), ${found} payments to the bank found — goal under 100 ms`,
  );
  if (found !== PAYING_THE_BANK) {
    console.error(`  expected ${PAYING_THE_BANK} payments, found ${found}`);
    process.exitCode = 1;
  }
}

const rate = derivationRate();
console.info(
  `Deposit addresses derived: ${Math.round(rate.perSecond).toLocaleString("en")}/s (${rate.count} in 3 s) — goal 1,500/s`,
);
await onPglite(measure);
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl === undefined)
  console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
else await onPostgres(serverUrl, 4, measure);
