import { randomUUID } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh } from "@scure/btc-signer";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { networkParams } from "../../bitcoin/network.js";
import { walletTransactions } from "../../db/schema/index.js";
import type { User } from "../../domain/user.js";
import { type FakeClock, fakeClock } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { markVerified } from "../../test/mark-verified.js";
import { insertCustomer, walletContext } from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { runPass } from "../../worker/chain-worker.js";
import { depositAddressFor } from "../addresses/index.js";
import { PRICE_READING_MAX_AGE_MS, recordPriceReading } from "../prices/index.js";
import { sendBitcoin } from "../wallet/index.js";
import {
  findWalletTransaction,
  markWithdrawalsFinished,
  markWithdrawalsRemined,
  markWithdrawalsReorganised,
  type WalletTransactionRow,
} from "./index.js";

// The price at the time (issue 24): each history row records the latest price reading no older than
// PRICE_READING_MAX_AGE_MS when it is created and again when it settles, or `unavailable` without one.
// Each test works in a day of its own: the readings of one never reach another's transactions.

let t: TestApp;
let sandbox: SandboxChain;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = await startSandboxChain(t);
});
afterAll(() => t.close());
afterEach(() => expectChainBooksBalanced(t));

const MINUTE = 60_000;

/** A reading of the `http` source, `ago` before the clock's moment, at `usd` dollars a bitcoin. */
async function reading(clock: FakeClock, ago: number, usd: bigint) {
  const readAt = new Date(clock.now().getTime() - ago);
  await recordPriceReading(t.db, { readAt, usdCentsPerBtc: usd * 100n, source: "http" });
  return readAt;
}

/** A verified customer with money: an opening balance from the bank (the system clock's moment). */
async function customer(name: string, funds = 0n): Promise<User> {
  const user = await insertCustomer(t.db, name);
  await markVerified({ ctx: { db: t.db, clock: systemClock }, userId: user.id });
  if (funds > 0n) await sandbox.deposit(user, funds);
  return user;
}

/** A send through the use case, at the clock's moment (it takes no price source: it never asks one). */
function send(clock: FakeClock, sender: User, recipient: string, amountSats: bigint) {
  return sendBitcoin({
    ctx: walletContext(t, clock),
    sender,
    body: { recipient, amountSats: amountSats.toString(), idempotencyKey: randomUUID() },
  });
}

async function row(user: User, transactionId: string): Promise<WalletTransactionRow> {
  const found = await findWalletTransaction(t.db, { userId: user.id, transactionId });
  if (found === undefined) throw new Error("no such transaction");
  return found;
}

/** Every history row of a customer. */
function rowsOf(user: User) {
  return t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
}

/** A row's recorded prices, as the columns hold them. */
const prices = (found: WalletTransactionRow) => ({
  created: [found.createdUsdCentsPerBtc, found.createdPriceSource, found.createdPriceReadAt],
  settled: [found.settledUsdCentsPerBtc, found.settledPriceSource, found.settledPriceReadAt],
});

function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

describe("a transfer between customers", () => {
  it("records the latest recent reading as its price when created and settled, on both sides", async () => {
    const clock = fakeClock(new Date("2030-02-01T10:00:30.000Z"));
    const payer = await customer("Price Payer", 50_000n);
    const payee = await customer("Price Payee");
    await reading(clock, 4 * MINUTE, 41_000n);
    const latest = await reading(clock, 2 * MINUTE, 42_000n);
    // After the send's moment: not the price at the time.
    await reading({ ...clock, now: () => new Date(clock.now().getTime() + MINUTE) }, 0, 43_000n);

    const sent = await send(clock, payer, payee.username, 4_000n);
    expect(sent.status).toBe("completed");
    expect(sent.priceAtTheTime).toEqual({
      usdCentsPerBtc: "4200000",
      source: "http",
      readAt: latest.toISOString(),
      moment: "settled",
    });
    const recorded = [4_200_000n, "http", latest];
    expect(prices(await row(payer, sent.id))).toEqual({ created: recorded, settled: recorded });
    const [received] = await rowsOf(payee);
    expect(received?.type).toBe("receive");
    if (received !== undefined) expect(prices(received)).toEqual({ created: recorded, settled: recorded });
  });

  it("records `unavailable` when the latest reading is older than the maximum age, and still sends", async () => {
    const clock = fakeClock(new Date("2030-02-02T10:00:00.000Z"));
    const payer = await customer("Stale Payer", 50_000n);
    const payee = await customer("Stale Payee");
    await reading(clock, PRICE_READING_MAX_AGE_MS + 1_000, 42_000n);

    const sent = await send(clock, payer, payee.username, 4_000n);
    expect(sent.status).toBe("completed");
    expect(sent.priceAtTheTime).toBeNull();
    const unavailable = [null, "unavailable", clock.now()];
    expect(prices(await row(payer, sent.id))).toEqual({ created: unavailable, settled: unavailable });

    // A reading exactly the maximum age old is still recent.
    clock.advance(MINUTE);
    const edge = await reading(clock, PRICE_READING_MAX_AGE_MS, 44_000n);
    const next = await send(clock, payer, payee.username, 1_000n);
    expect(next.priceAtTheTime).toMatchObject({ usdCentsPerBtc: "4400000", readAt: edge.toISOString() });
  });
});

describe("a withdrawal", () => {
  it("records its price when sent, and its settlement price when its payout confirms", async () => {
    const clock = fakeClock(new Date("2030-02-03T10:00:00.000Z"));
    const user = await customer("Withdrawal Pricer", 100_000n);
    const atSend = await reading(clock, MINUTE, 40_000n);
    const sent = await send(clock, user, outsideAddress(), 30_000n);
    expect(sent.status).toBe("pending");
    expect(sent.priceAtTheTime).toMatchObject({ usdCentsPerBtc: "4000000", moment: "created" });
    expect(prices(await row(user, sent.id))).toEqual({
      created: [4_000_000n, "http", atSend],
      settled: [null, null, null],
    });

    clock.advance(10 * MINUTE);
    expect((await runPass(sandbox.context({ clock }))).payOut.outcome).toBe("paid");
    expect(prices(await row(user, sent.id)).settled).toEqual([null, null, null]);

    clock.advance(20 * MINUTE);
    const atConfirmation = await reading(clock, 30_000, 45_000n);
    await sandbox.node.mine(1);
    expect((await runPass(sandbox.context({ clock }))).payouts.settled).toBe(1);
    const settled = await row(user, sent.id);
    expect(settled.status).toBe("completed");
    expect(prices(settled)).toEqual({
      created: [4_000_000n, "http", atSend],
      settled: [4_500_000n, "http", atConfirmation],
    });
  });

  it("keeps the price it first settled at when a reorganisation sends it back and a block holds it again", async () => {
    const clock = fakeClock(new Date("2030-02-04T10:00:00.000Z"));
    const user = await customer("Reorg Pricer", 100_000n);
    const sent = await send(clock, user, outsideAddress(), 20_000n);
    expect(prices(await row(user, sent.id)).created).toEqual([null, "unavailable", clock.now()]);
    // Its payout confirms with no recent reading: unavailable, and it stays so.
    clock.advance(MINUTE);
    const settledAt = clock.now();
    await markWithdrawalsFinished(t.db, [sent.id], { status: "completed", at: settledAt });
    await markWithdrawalsReorganised(t.db, [sent.id]);
    expect((await row(user, sent.id)).status).toBe("pending");
    clock.advance(MINUTE);
    await reading(clock, 0, 46_000n);
    await markWithdrawalsRemined(t.db, [sent.id], clock.now());
    const remined = await row(user, sent.id);
    expect(remined.status).toBe("completed");
    expect(prices(remined).settled).toEqual([null, "unavailable", settledAt]);
  });

  it("settles a refused payout without a price: it failed", async () => {
    const clock = fakeClock(new Date("2030-02-05T10:00:00.000Z"));
    const user = await customer("Failed Pricer", 100_000n);
    await reading(clock, 0, 47_000n);
    const sent = await send(clock, user, outsideAddress(), 20_000n);
    await markWithdrawalsFinished(t.db, [sent.id], { status: "failed", at: clock.now() });
    const failed = await row(user, sent.id);
    expect(failed.status).toBe("failed");
    expect(prices(failed)).toEqual({
      created: [4_700_000n, "http", clock.now()],
      settled: [null, null, null],
    });
  });
});

describe("a deposit", () => {
  it("records its price when seen, and its settlement price when it is credited", async () => {
    const clock = fakeClock(new Date("2030-02-06T10:00:00.000Z"));
    const user = await customer("Deposit Pricer");
    const address = await depositAddressFor({ ctx: walletContext(t), userId: user.id });
    const context = sandbox.context({ clock, confirmations: 2 });
    const atSeen = await reading(clock, 2 * MINUTE, 39_000n);
    await sandbox.node.pay(address, 25_000n);
    await sandbox.node.mine(1);
    await runPass(context);
    const [seen] = await rowsOf(user);
    expect(seen).toMatchObject({ type: "receive", status: "pending", amount: 25_000n });
    if (seen === undefined) throw new Error("the deposit was not seen");
    expect(prices(seen)).toEqual({ created: [3_900_000n, "http", atSeen], settled: [null, null, null] });

    clock.advance(30 * MINUTE);
    const atCredit = await reading(clock, MINUTE, 48_000n);
    await sandbox.node.mine(1);
    expect((await runPass(context)).credited).toBe(1);
    const credited = await row(user, seen.id);
    expect(credited.status).toBe("completed");
    expect(prices(credited)).toEqual({
      created: [3_900_000n, "http", atSeen],
      settled: [4_800_000n, "http", atCredit],
    });
  });
});
