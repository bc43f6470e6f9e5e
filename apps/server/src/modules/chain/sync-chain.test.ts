import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh, Transaction } from "@scure/btc-signer";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bitcoindBackend } from "../../bitcoin/chain/bitcoind.js";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import { networkParams } from "../../bitcoin/network.js";
import { sandboxRpcTransport } from "../../dev/sandbox/rpc.js";
import { SandboxNode } from "../../dev/sandbox/sandbox-node.js";
import type { User } from "../../domain/user.js";
import { customerBalance } from "../../ledger/accounts.js";
import { fakeClock } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectBooksBalanced, insertCustomer, walletContext } from "../../test/money-helpers.js";
import { depositAddressFor } from "../addresses/index.js";
import { findWalletTransaction } from "../transactions/index.js";
import { payoutBlocks } from "../withdrawals/index.js";
import { reconcileHotWallet } from "./books.js";
import type { ChainContext } from "./context.js";
import { findDepositsOf } from "./queries.js";
import { syncChain } from "./sync-chain.js";

const REGTEST = networkParams.regtest.params;

let t: TestApp;
let node: SandboxNode;
let chain: ChainBackend;
const clock = fakeClock();

beforeAll(async () => {
  t = await createTestApp();
  node = new SandboxNode(t.db, () => {
    clock.advance(1000);
    return clock.now();
  });
  await node.start();
  chain = bitcoindBackend({ transport: sandboxRpcTransport(node), network: "regtest" });
});
afterAll(() => t.close());
// Every test moves money: the books balance, and the hot wallet's ledger equals its coins.
afterEach(async () => {
  await expectBooksBalanced(t.db);
  expect(await reconcileHotWallet(t.db)).toMatchObject({ matches: true });
});

function context(overrides: Partial<ChainContext> = {}): ChainContext {
  return {
    db: t.db,
    clock,
    chain,
    walletKeys: walletContext(t).walletKeys,
    blockListeners: [payoutBlocks],
    confirmations: 1,
    startHeight: 0,
    ...overrides,
  };
}

async function customerWithAddress(): Promise<{ user: User; address: string }> {
  const user = await insertCustomer(t.db);
  return { user, address: await depositAddressFor({ ctx: walletContext(t), userId: user.id }) };
}

async function depositOf(txid: string) {
  const [deposit] = await findDepositsOf(t.db, [txid]);
  if (deposit === undefined) throw new Error(`no deposit for ${txid}`);
  return deposit;
}

async function historyOf(user: User, txid: string) {
  const deposit = await depositOf(txid);
  if (deposit.transactionId === null) return undefined;
  return findWalletTransaction(t.db, { userId: user.id, transactionId: deposit.transactionId });
}

describe("the chain follower on the sandbox", () => {
  it("shows a payment at once as pending, credits it at exactly CONFIRMATIONS, and once", async () => {
    const ctx = context({ confirmations: 3 });
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 150_000n);

    await syncChain(ctx);
    expect(await historyOf(user, txid)).toMatchObject({
      type: "receive",
      status: "pending",
      amount: 150_000n,
      txid,
      address,
    });
    expect(await customerBalance(t.db, user.id)).toBe(0n);

    await node.mine(2);
    await syncChain(ctx);
    expect((await depositOf(txid)).status).toBe("pending");
    expect(await customerBalance(t.db, user.id)).toBe(0n);

    await node.mine(1);
    expect((await syncChain(ctx)).credited).toBe(1);
    expect(await historyOf(user, txid)).toMatchObject({ status: "completed" });
    expect(await customerBalance(t.db, user.id)).toBe(150_000n);

    await node.mine(3);
    expect((await syncChain(ctx)).credited).toBe(0);
    expect(await customerBalance(t.db, user.id)).toBe(150_000n);
  });

  it("gives the customer a new address once a payment to theirs is seen", async () => {
    const { user, address } = await customerWithAddress();
    await node.pay(address, 10_000n);
    await syncChain(context());
    const next = await depositAddressFor({ ctx: walletContext(t), userId: user.id });
    expect(next).not.toBe(address);
    // The old address still credits its owner.
    const again = await node.pay(address, 20_000n);
    await node.mine(1);
    await syncChain(context());
    expect((await depositOf(again)).userId).toBe(user.id);
    expect(await customerBalance(t.db, user.id)).toBe(30_000n);
  });

  it("never credits a payment that leaves the chain before its confirmations: it fails", async () => {
    const ctx = context({ confirmations: 2 });
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 40_000n);
    await node.mine(1);
    await syncChain(ctx);
    expect((await depositOf(txid)).blockHeight).not.toBeNull();

    await node.reorg(1, { drop: true });
    await syncChain(ctx);
    expect(await depositOf(txid)).toMatchObject({ status: "failed", blockHeight: null });
    expect(await historyOf(user, txid)).toMatchObject({ status: "failed" });
    await node.mine(3);
    await syncChain(ctx);
    expect(await customerBalance(t.db, user.id)).toBe(0n);
  });

  it("holds a credited payment that leaves the chain, and never credits it twice", async () => {
    const ctx = context();
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 60_000n);
    await node.mine(1);
    await syncChain(ctx);
    expect(await customerBalance(t.db, user.id)).toBe(60_000n);

    await node.reorg(1, { drop: true });
    const report = await syncChain(ctx);
    expect(report.disconnected).toBe(1);
    expect(await depositOf(txid)).toMatchObject({
      status: "credited",
      reorgedAt: expect.any(Date),
      heldSats: 60_000n,
    });
    // Held from the customer (deposit suspense), not spendable, and they are told.
    expect(await customerBalance(t.db, user.id)).toBe(0n);
    await node.mine(2);
    await syncChain(ctx);
    expect(await customerBalance(t.db, user.id)).toBe(0n);
  });

  it("holds what the customer still has of it, and releases the hold when it is back: twice over", async () => {
    const ctx = context();
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 80_000n);
    await node.mine(1);
    await syncChain(ctx);
    for (let round = 1; round <= 2; round++) {
      // Its block replaced without dropping it: back to the mempool, then into the new chain's first block.
      const depth = (await node.tip()).height - ((await depositOf(txid)).blockHeight ?? 0) + 1;
      await node.reorg(depth);
      await syncChain(ctx);
      expect(await depositOf(txid)).toMatchObject({ heldSats: null, reorgedAt: null });
      expect(await customerBalance(t.db, user.id)).toBe(80_000n);
    }
    const held = await t.db.execute<{ kind: string; n: string }>(
      sql`select kind, count(*)::text as n from ledger_transfers
           where reference = ${`deposit:${txid}:${(await depositOf(txid)).vout}`} and kind <> 'deposit'
           group by kind order by kind`,
    );
    // Each round held it in the block that left and released it in the block that replaced it.
    expect(held.rows).toEqual([
      { kind: "deposit_hold", n: "2" },
      { kind: "deposit_release", n: "2" },
    ]);
    const told = await t.db.execute<{ kind: string }>(
      sql`select kind from notifications where user_id = ${user.id} and kind like 'deposit_%' order by created_at, kind`,
    );
    // The hold and its release are always told (protective): twice over.
    expect(told.rows.map((row) => row.kind)).toEqual([
      "deposit_on_hold",
      "deposit_released",
      "deposit_on_hold",
      "deposit_released",
    ]);
  });

  it("counts a payment once when it is seen in the mempool, in a block, out of it and in another", async () => {
    const ctx = context();
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 70_000n);
    await syncChain(ctx);
    await node.mine(1);
    await syncChain(ctx);
    // The block is replaced; the payment goes back to the mempool and into the new first block.
    await node.reorg(1);
    await syncChain(ctx);
    await syncChain(ctx);
    expect(await findDepositsOf(t.db, [txid])).toHaveLength(1);
    expect(await depositOf(txid)).toMatchObject({ status: "credited", reorgedAt: null });
    expect(await customerBalance(t.db, user.id)).toBe(70_000n);
  });

  it("records dust without crediting it or showing it", async () => {
    // A deposit address is a P2WPKH: dust below 294 sat, as Bitcoin Core counts it.
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 293n);
    await node.mine(1);
    await syncChain(context());
    expect(await depositOf(txid)).toMatchObject({
      status: "dust",
      valueSats: 293n,
      transactionId: null,
    });
    expect(await customerBalance(t.db, user.id)).toBe(0n);
  });

  it("takes a deposit of exactly the P2WPKH dust limit (294 sat), below the 546 sat of a P2PKH", async () => {
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 294n);
    await node.mine(1);
    await syncChain(context());
    expect(await depositOf(txid)).toMatchObject({ status: "credited", valueSats: 294n });
    expect(await customerBalance(t.db, user.id)).toBe(294n);
  });

  it("credits each customer paid by one transaction", async () => {
    const payer = secp256k1.utils.randomSecretKey();
    const payerPayment = p2wpkh(secp256k1.getPublicKey(payer, true), REGTEST);
    const funding = await node.pay(payerPayment.address as string, 1_000_000n);
    await node.mine(1);
    const funded = await chain.transaction(funding);
    const vout = funded?.outputs.find((output) => output.address === payerPayment.address)?.vout ?? -1;
    const customers = await Promise.all([
      customerWithAddress(),
      customerWithAddress(),
      customerWithAddress(),
    ]);
    const tx = new Transaction();
    tx.addInput({
      txid: funding,
      index: vout,
      witnessUtxo: { script: payerPayment.script, amount: 1_000_000n },
    });
    for (const [i, { address }] of customers.entries()) {
      tx.addOutputAddress(address, BigInt(100_000 * (i + 1)), REGTEST);
    }
    tx.sign(payer);
    tx.finalize();
    await chain.broadcast(tx.hex);
    await node.mine(1);
    await syncChain(context());
    for (const [i, { user }] of customers.entries()) {
      expect(await customerBalance(t.db, user.id)).toBe(BigInt(100_000 * (i + 1)));
    }
  });

  it("resumes after a crash in the middle of a sync, processing nothing twice", async () => {
    const { user, address } = await customerWithAddress();
    const first = await node.pay(address, 11_000n);
    await node.mine(1);
    await node.pay(address, 12_000n);
    await node.mine(2);
    // The backend fails after the first block: the sync stops there, as a crash would.
    let reads = 0;
    const failing: ChainBackend = {
      ...chain,
      block: async (hash) => {
        reads += 1;
        if (reads > 1) throw new Error("the process died");
        return chain.block(hash);
      },
    };
    await expect(syncChain(context({ chain: failing }))).rejects.toThrow("the process died");
    expect((await depositOf(first)).status).toBe("pending");
    await syncChain(context());
    await syncChain(context());
    expect(await customerBalance(t.db, user.id)).toBe(23_000n);
  });

  it("credits once when two followers run at the same moment", async () => {
    const { user, address } = await customerWithAddress();
    await node.pay(address, 33_000n);
    await node.mine(1);
    await Promise.all([syncChain(context()), syncChain(context())]);
    expect(await customerBalance(t.db, user.id)).toBe(33_000n);
  });

  it("credits the deposits that reach CONFIRMATIONS in one pass together: one posting batch, one commit", async () => {
    const ctx = context({ confirmations: 2 });
    const paid = [];
    for (const amount of [21_000n, 22_000n, 23_000n, 24_000n]) {
      const { user, address } = await customerWithAddress();
      paid.push({ user, address, amount, txid: await node.pay(address, amount) });
    }
    // The last customer paid twice: two deposits, two postings.
    const last = paid[3];
    if (last === undefined) throw new Error("no payment");
    paid.push({ ...last, amount: 5_000n, txid: await node.pay(last.address, 5_000n) });
    await node.mine(2);
    expect((await syncChain(ctx)).credited).toBe(5);
    for (const { user, amount } of paid.slice(0, 3))
      expect(await customerBalance(t.db, user.id)).toBe(amount);
    expect(await customerBalance(t.db, last.user.id)).toBe(29_000n);
    for (const { user, txid } of paid)
      expect(await historyOf(user, txid)).toMatchObject({ status: "completed" });
    // One db transaction wrote every credit's transfer (xmin: the transaction that inserted the row).
    const keys = (
      await findDepositsOf(
        t.db,
        paid.map((p) => p.txid),
      )
    ).map((d) => `deposit:${d.txid}:${d.vout}`);
    expect(keys).toHaveLength(5);
    const writers = await t.db.execute<{ n: string }>(
      sql`select count(distinct xmin::text)::text as n, count(*)::text as transfers from ledger_transfers
           where idempotency_key = any(${sql.param(keys)}::text[])`,
    );
    expect(writers.rows[0]).toMatchObject({ n: "1", transfers: "5" });
    expect((await syncChain(ctx)).credited).toBe(0);
  });

  it("reads a large mempool over several passes, not the same 500 transactions again", async () => {
    const { user, address } = await customerWithAddress();
    const txid = await node.pay(address, 44_000n);
    // 600 other transactions wait before the payment, none of them to the bank.
    const others = Array.from({ length: 600 }, (_, i) => i.toString(16).padStart(64, "f"));
    const busy: ChainBackend = {
      ...chain,
      mempoolTxids: async () => [...others, ...(await chain.mempoolTxids())],
      transaction: async (id) =>
        others.includes(id) ? { txid: id, inputs: [], outputs: [], hex: "" } : chain.transaction(id),
      transactionStatus: async (id) =>
        others.includes(id)
          ? { confirmations: 0, blockHash: null, blockHeight: null }
          : chain.transactionStatus(id),
    };
    const ctx = context({ chain: busy, mempoolRead: new Set() });
    await syncChain(ctx);
    expect(await findDepositsOf(t.db, [txid])).toEqual([]);
    await syncChain(ctx);
    expect(await historyOf(user, txid)).toMatchObject({ status: "pending", txid });
    await node.mine(1);
    await syncChain(ctx);
    expect(await customerBalance(t.db, user.id)).toBe(44_000n);
  });
});
