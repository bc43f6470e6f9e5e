import { randomUUID } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh } from "@scure/btc-signer";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { BroadcastRejected, type ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import { CHANGE_CHAIN, deriveAddress } from "../../bitcoin/keys.js";
import { networkParams } from "../../bitcoin/network.js";
import { notifications } from "../../db/schema/index.js";
import type { User } from "../../domain/user.js";
import { bankBalance, customerBalance } from "../../ledger/accounts.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { markVerified } from "../../test/mark-verified.js";
import { insertCustomer, walletContext } from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { runPass } from "../../worker/chain-worker.js";
import { depositAddressFor } from "../addresses/index.js";
import { followerHeight } from "../chain/index.js";
import { findWalletTransaction, toTransactions, type WalletTransactionRow } from "../transactions/index.js";
import { sendBitcoin } from "../wallet/index.js";
import { payOutQueued } from "./pay-out.js";
import { findPayout, findPayoutsToTrack, findWithdrawalsOf } from "./queries.js";

let t: TestApp;
let sandbox: SandboxChain;

beforeAll(async () => {
  t = await createTestApp();
  sandbox = await startSandboxChain(t);
});
afterAll(() => t.close());
// Every test moves money on the chain: every invariant of the books holds after it.
afterEach(() => expectChainBooksBalanced(t));

/** An outside address of the regtest network: a key nobody at the bank holds. */
function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

async function fundedCustomer(amount: bigint): Promise<User> {
  const user = await insertCustomer(t.db, "Withdrawal Tester");
  await markVerified({ ctx: { db: t.db, clock: systemClock }, userId: user.id });
  await sandbox.deposit(user, amount);
  return user;
}

function withdraw(user: User, address: string, amountSats: bigint) {
  return sendBitcoin({
    ctx: walletContext(t),
    sender: user,
    body: { recipient: address, amountSats: amountSats.toString(), idempotencyKey: randomUUID() },
  });
}

/** The payments of a chain transaction to `address`, in satoshis. */
async function paidTo(txid: string, address: string): Promise<bigint[]> {
  const tx = await sandbox.chain.transaction(txid);
  return (tx?.outputs ?? []).filter((output) => output.address === address).map((o) => o.valueSats);
}

describe("withdrawals", () => {
  it("debits amount + fee at once, pays out on the chain, and completes at CONFIRMATIONS", async () => {
    const user = await fundedCustomer(100_000n);
    const to = outsideAddress();
    const sent = await withdraw(user, to, 30_000n);
    expect(sent).toMatchObject({ type: "send", status: "pending", amountSats: "30000", feeSats: "1000" });
    expect(sent.counterparty.address).toBe(to);
    expect(await customerBalance(t.db, user.id)).toBe(69_000n);

    const pass = await runPass(sandbox.context());
    expect(pass.payOut).toMatchObject({
      outcome: "paid",
      withdrawals: 1,
      broadcast: { outcome: "broadcast" },
    });
    const txid = pass.payOut.outcome === "paid" ? pass.payOut.txid : "";
    expect(await sandbox.chain.mempoolTxids()).toContain(txid);
    expect(await paidTo(txid, to)).toEqual([30_000n]);
    const row = await findWalletTransaction(t.db, { userId: user.id, transactionId: sent.id });
    expect(row).toMatchObject({ status: "pending", txid, blockHeight: null });

    await sandbox.node.mine(1);
    const after = await runPass(sandbox.context());
    expect(after.payouts.settled).toBe(1);
    expect(await findWalletTransaction(t.db, { userId: user.id, transactionId: sent.id })).toMatchObject({
      status: "completed",
      txid,
      blockHeight: expect.any(Number),
    });
    expect(await findPayout(t.db, txid)).toMatchObject({ status: "confirmed" });
    expect(await customerBalance(t.db, user.id)).toBe(69_000n);
  });

  it("tells the customer, once, when the withdrawal is confirmed: its pending 'sent' notice is followed (every switch off)", async () => {
    const user = await fundedCustomer(60_000n);
    const to = outsideAddress();
    await withdraw(user, to, 25_000n);
    const confirmedNotices = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.kind, "withdrawal_confirmed")));
    await runPass(sandbox.context());
    // Broadcast, in no block yet: nothing confirmed.
    expect(await confirmedNotices()).toEqual([]);

    await sandbox.node.mine(1);
    expect((await runPass(sandbox.context())).payouts.settled).toBe(1);
    expect(await confirmedNotices()).toMatchObject([
      {
        type: "transaction",
        status: "success",
        title: "Withdrawal confirmed",
        message: `Your withdrawal of 0.00025000 BTC to ${to} (network fee 0.00001000 BTC) has 1 confirmation on the Bitcoin network: it is complete.`,
        readAt: null,
        // Transaction Alerts and Email Notifications are off (a new customer's settings): recorded, not mailed.
        email: null,
      },
    ]);
    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    expect(await confirmedNotices()).toHaveLength(1);
  });

  it("pays the withdrawals waiting at one moment in one payout, change to the internal chain", async () => {
    // One after another: the follower (syncChain) runs in one process at a time, as the worker runs it.
    const users: User[] = [];
    for (const amount of [50_000n, 60_000n, 70_000n]) users.push(await fundedCustomer(amount));
    const addresses = users.map(() => outsideAddress());
    for (const [i, user] of users.entries())
      await withdraw(user, addresses[i] as string, 10_000n * BigInt(i + 1));

    const pass = await runPass(sandbox.context());
    expect(pass.payOut).toMatchObject({ outcome: "paid", withdrawals: 3 });
    const txid = pass.payOut.outcome === "paid" ? pass.payOut.txid : "";
    for (const [i, address] of addresses.entries())
      expect(await paidTo(txid, address)).toEqual([10_000n * BigInt(i + 1)]);
    const payout = await findPayout(t.db, txid);
    expect(payout?.changeAddress).toBe(
      deriveAddress(walletContext(t).walletKeys.account, "regtest", CHANGE_CHAIN, payout?.changeIndex ?? -1),
    );
    expect(await paidTo(txid, payout?.changeAddress ?? "")).toEqual([payout?.changeSats]);
    expect((await findWithdrawalsOf(t.db, txid)).map((w) => w.status)).toEqual(["sent", "sent", "sent"]);

    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    expect((await findWithdrawalsOf(t.db, txid)).map((w) => w.status)).toEqual([
      "completed",
      "completed",
      "completed",
    ]);
  });

  it("charges the customer the withdrawal fee and books the miner fee the payout paid as the bank's expense", async () => {
    const revenueBefore = await bankBalance(t.db, "fee_revenue");
    const minerFeesBefore = await bankBalance(t.db, "miner_fees");
    const user = await fundedCustomer(40_000n);
    await withdraw(user, outsideAddress(), 20_000n);
    const pass = await runPass(sandbox.context());
    const txid = pass.payOut.outcome === "paid" ? pass.payOut.txid : "";
    const payout = await findPayout(t.db, txid);
    // The sandbox estimates 2 sat/vB: the fee pays at least that for the signed transaction's size.
    expect(payout?.minerFeeSats).toBeGreaterThanOrEqual(BigInt(2 * (payout?.vsize ?? 0)));
    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    expect((await bankBalance(t.db, "fee_revenue")) - revenueBefore).toBe(1_000n);
    expect(minerFeesBefore - (await bankBalance(t.db, "miner_fees"))).toBe(payout?.minerFeeSats);
  });

  it("reverses amount and fee when the network refuses the payout for good; its coins are free again", async () => {
    const user = await fundedCustomer(25_000n);
    const sent = await withdraw(user, outsideAddress(), 9_000n);
    const refusing: ChainBackend = {
      ...sandbox.chain,
      broadcast: async () => {
        throw new BroadcastRejected(true, "bad-txns-in-belowout");
      },
    };
    const pass = await runPass(sandbox.context({ chain: refusing }));
    expect(pass.payOut).toMatchObject({ outcome: "paid", broadcast: { outcome: "failed" } });
    const txid = pass.payOut.outcome === "paid" ? pass.payOut.txid : "";
    expect(await findPayout(t.db, txid)).toMatchObject({ status: "failed", failure: "bad-txns-in-belowout" });
    expect(await findWalletTransaction(t.db, { userId: user.id, transactionId: sent.id })).toMatchObject({
      status: "failed",
    });
    expect(await customerBalance(t.db, user.id)).toBe(25_000n);
    expect(await sandbox.chain.mempoolTxids()).not.toContain(txid);
  });

  it("keeps a payout whose broadcast may pass later, and sends the same bytes at the next pass", async () => {
    const user = await fundedCustomer(30_000n);
    await withdraw(user, outsideAddress(), 12_000n);
    const full: ChainBackend = {
      ...sandbox.chain,
      broadcast: async () => {
        throw new BroadcastRejected(false, "mempool full");
      },
    };
    const pass = await runPass(sandbox.context({ chain: full }));
    expect(pass.payOut).toMatchObject({ outcome: "paid", broadcast: { outcome: "waiting" } });
    const txid = pass.payOut.outcome === "paid" ? pass.payOut.txid : "";
    expect(await findPayout(t.db, txid)).toMatchObject({ status: "signed" });

    const next = await runPass(sandbox.context());
    expect(next.payouts.rebroadcast).toBe(1);
    expect(await sandbox.chain.mempoolTxids()).toContain(txid);
    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    expect(await findPayout(t.db, txid)).toMatchObject({ status: "confirmed" });
  });

  it("after a crash between signing and broadcasting, sends the same transaction, never a new one", async () => {
    const user = await fundedCustomer(35_000n);
    await withdraw(user, outsideAddress(), 15_000n);
    const dying: ChainBackend = {
      ...sandbox.chain,
      broadcast: async () => {
        throw new Error("the process died");
      },
    };
    await expect(runPass(sandbox.context({ chain: dying }))).rejects.toThrow("the process died");
    const open = await findPayoutsToTrack(t.db);
    expect(open.map((payout) => payout.status)).toEqual(["signed"]);
    const recorded = open[0]?.txid ?? "";
    expect(await sandbox.chain.mempoolTxids()).not.toContain(recorded);

    const next = await runPass(sandbox.context());
    expect(next.payOut).toEqual({ outcome: "idle" });
    expect(await sandbox.chain.mempoolTxids()).toContain(recorded);
    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    expect(await findPayout(t.db, recorded)).toMatchObject({ status: "confirmed" });
    expect(await findWithdrawalsOf(t.db, recorded)).toMatchObject([{ status: "completed" }]);
  });

  it("settles once when the payout's block is replaced, and sends it again when the new chain dropped it", async () => {
    const user = await fundedCustomer(45_000n);
    const sent = await withdraw(user, outsideAddress(), 11_000n);
    const pass = await runPass(sandbox.context({ confirmations: 2 }));
    const txid = pass.payOut.outcome === "paid" ? pass.payOut.txid : "";
    await sandbox.node.mine(1);
    await runPass(sandbox.context({ confirmations: 2 }));
    expect(await findPayout(t.db, txid)).toMatchObject({
      status: "broadcast",
      blockHeight: expect.any(Number),
    });

    // The block is replaced by a chain that never saw the payout: it waits for a block again...
    await sandbox.node.reorg(1, { drop: true });
    await runPass(sandbox.context({ confirmations: 2 }));
    // ...and, unknown to the node now, its same bytes are sent again.
    expect(await sandbox.chain.mempoolTxids()).toContain(txid);
    expect(await findWalletTransaction(t.db, { userId: user.id, transactionId: sent.id })).toMatchObject({
      status: "pending",
      blockHeight: null,
    });
    await sandbox.node.mine(2);
    await runPass(sandbox.context({ confirmations: 2 }));
    await runPass(sandbox.context({ confirmations: 2 }));
    expect(await findPayout(t.db, txid)).toMatchObject({ status: "confirmed" });
    expect(await customerBalance(t.db, user.id)).toBe(33_000n);
  });

  it("shows a completed withdrawal pending again while a reorganisation leaves it unconfirmed", async () => {
    const user = await fundedCustomer(40_000n);
    const sent = await withdraw(user, outsideAddress(), 12_000n);
    const pass = await runPass(sandbox.context());
    const txid = pass.payOut.outcome === "paid" ? pass.payOut.txid : "";
    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    const row = () => findWalletTransaction(t.db, { userId: user.id, transactionId: sent.id });
    expect(await row()).toMatchObject({ status: "completed", withdrawalState: "confirmed" });

    // The block is replaced by a chain without the payout: no confirmation, so not "completed" either.
    await sandbox.node.reorg(1, { drop: true });
    await runPass(sandbox.context());
    expect(await row()).toMatchObject({ status: "pending", withdrawalState: "broadcast", blockHeight: null });
    const [shown] = await toTransactions(t.db, followerHeight, [(await row()) as WalletTransactionRow]);
    expect(shown).toMatchObject({ status: "pending", confirmations: 0, withdrawal: { state: "broadcast" } });
    // The books keep it settled (paid once), and the same payout is sent again.
    expect(await customerBalance(t.db, user.id)).toBe(27_000n);
    expect(await sandbox.chain.mempoolTxids()).toContain(txid);

    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    expect(await row()).toMatchObject({ status: "completed", withdrawalState: "confirmed" });
    expect(await findPayout(t.db, txid)).toMatchObject({
      status: "confirmed",
      blockHeight: expect.any(Number),
    });
    expect(await customerBalance(t.db, user.id)).toBe(27_000n);
  });

  it("never spends one coin twice: 50 withdrawals at once, payouts racing", async () => {
    const users = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const user = await insertCustomer(t.db, "Racing Withdrawer");
        await markVerified({ ctx: { db: t.db, clock: systemClock }, userId: user.id });
        return user;
      }),
    );
    for (const user of users) {
      const address = await depositAddressFor({ ctx: walletContext(t), userId: user.id });
      await sandbox.node.pay(address, 20_000n);
    }
    await sandbox.node.mine(1);
    await runPass(sandbox.context());

    const sends = users.map((user) => withdraw(user, outsideAddress(), 8_000n));
    const payouts = Array.from({ length: 5 }, () => payOutQueued(sandbox.context()));
    const sent = await Promise.all(sends);
    await Promise.all(payouts);
    while ((await payOutQueued(sandbox.context())).outcome !== "idle");
    await sandbox.node.mine(1);
    await runPass(sandbox.context());

    // A coin spent twice would have been refused by the node: every withdrawal would not have completed.
    for (const [i, user] of users.entries()) {
      const row = await findWalletTransaction(t.db, { userId: user.id, transactionId: sent[i]?.id ?? "" });
      expect(row?.status).toBe("completed");
      expect(await customerBalance(t.db, user.id)).toBe(11_000n);
    }
  });
});
