// The history bench's data set (history.bench.ts): 1,000,000 transactions (BENCH_HISTORY_ROWS changes the
// size) made as the product makes them, through the ledger's posting batches (postTransferBatch, decision
// 0016), 5,000 postings per db transaction: deposits (hot wallet -> customer, a completed receive with its
// address and txid) and sends between customers (a send and a receive naming each other, one in ten to
// the payee's address, some with a note), over two years. Every send is funded: the generator keeps each
// customer's balance and the ledger refuses an overdraft anyway. 2,000 customers; one of them, a busy
// merchant, takes part in a fifth of the postings (about 200,000 rows): the hard customer history.
// Addresses are bech32-shaped strings from a seeded generator (real derivation runs ~1,200/s).
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { inDbTransaction } from "../src/db/db-transaction.js";
import { sats } from "../src/domain/money.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../src/ledger/accounts.js";
import { type BatchedTransfer, postTransferBatch } from "../src/ledger/post-transfer-batch.js";
import { insertUser } from "../src/modules/auth/user-queries.js";
import { insertWalletTransactions, type WalletTransactionRow } from "../src/modules/transactions/queries.js";
import { customerTransferRows, historyRow } from "../src/modules/transactions/record-transactions.js";

export const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const CUSTOMERS = 2_000;
const POSTINGS_PER_BATCH = 5_000;
/** Rows per INSERT: 16 columns each stay under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2_000;

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

/** A posting's history rows, once its posting batch has given it its transfer. */
type RowsOf = (transferId: number) => WalletTransactionRow[];

/** Builds the history: batches of postings with their rows, each batch one db transaction. */
export async function build(db: Db): Promise<void> {
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
    const rowsOf: RowsOf[] = [];
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
        const deposit = historyRow({
          id: randomUUID(),
          userId: payee.id,
          type: "receive",
          status: "completed",
          amount,
          address: payee.address,
          txid: id,
          blockHeight: 100_000 + Math.floor(posted / 50),
          createdAt: at,
        });
        rowsOf.push((transferId) => [{ ...deposit, transferId }]);
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
      // The two sides as the send use case records them (recordCustomerTransfer).
      const transfer = {
        transactionId,
        sender,
        payee,
        amount,
        address: random() < 0.1 ? payee.address : null,
        note: pickOf(NOTES),
        at,
      };
      rowsOf.push((transferId) => customerTransferRows({ ...transfer, transferId }));
      rows += 2;
    }
    let history: WalletTransactionRow[] = [];
    await inDbTransaction(db, async (tx) => {
      const results = await postTransferBatch(tx, batch, { at: batchAt });
      // Each row names its transfer, as the product's rows do.
      history = rowsOf.flatMap((rowsOfPosting, index) =>
        rowsOfPosting((results[index] as { transferId: number }).transferId),
      );
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

export async function historyRows(db: Db): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*)::text as n from wallet_transactions`);
  return Number(result.rows[0]?.n ?? 0);
}
