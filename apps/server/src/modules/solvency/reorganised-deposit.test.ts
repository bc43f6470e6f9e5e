import { secp256k1 } from "@noble/curves/secp256k1.js";
import {
  apiPaths,
  booksSchema,
  resolvedDepositSchema,
  transactionPageSchema,
  walletSummarySchema,
} from "@satsbank/shared";
import { p2wpkh } from "@scure/btc-signer";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { networkParams } from "../../bitcoin/network.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  expectBooksBalanced,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { runPass } from "../../worker/chain-worker.js";
import { reconcileHotWallet } from "../chain/index.js";

// The issue's case: 1,000,000 sat paid to bob, mined, credited, then `npm run sandbox -- reorg 3 --drop`.
// Bob's credit is held (not spendable, "On hold"), the watchdog counts only the coins the chain has and
// pauses payouts, and staff resolve the deposit on the Books tab (reverse or absorb, once, audited).

let t: TestApp;
let sandbox: SandboxChain;
let staff: TestStaff;
let alice: TestCustomer;
let bob: TestCustomer;
let txid: string;

beforeEach(async () => {
  t = await createTestApp();
  sandbox = await startSandboxChain(t);
  staff = await testStaff(t, { name: "Books Keeper" });
  alice = await testCustomer(t, { name: "Alice Saver" });
  bob = await testCustomer(t, { name: "Bob Depositor" });
  await sandbox.deposit({ id: alice.user.id }, 300_000n);
  // Deeper than the reorganisation: alice's deposit stays.
  await sandbox.node.mine(3);
  txid = await sandbox.deposit({ id: bob.user.id }, 1_000_000n);
  expect((await runPass(sandbox.context())).solvency.ok).toBe(true);
});
afterEach(() => t.close());

function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

async function wallet(customer: TestCustomer) {
  const res = await getJson(t, apiPaths.wallet.summary, { cookie: customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return walletSummarySchema.parse(res.json());
}

/** Bob's receive of the deposit as his history shows it: its status and how deep it is. */
async function bobsReceive() {
  const res = await getJson(t, apiPaths.transactions.list, { cookie: bob.token });
  expect(res.statusCode, res.body).toBe(200);
  const receive = transactionPageSchema.parse(res.json()).items.find((item) => item.txid === txid);
  return { status: receive?.status, confirmations: receive?.confirmations };
}

async function books() {
  const res = await getJson(t, apiPaths.admin.books, { cookie: staff.token });
  expect(res.statusCode, res.body).toBe(200);
  return booksSchema.parse(res.json());
}

function resolve(action: "reverse" | "absorb", reason = "It did not come back after six blocks") {
  return postJson(
    t,
    `${apiPaths.admin.books}/deposits/${txid}/0/${action}`,
    { reason },
    { cookie: staff.token },
  );
}

/** Reorganises bob's deposit out of the chain for good, and lets one pass of the worker see it. */
async function reorganiseOut() {
  await sandbox.node.reorg(3, { drop: true });
  return runPass(sandbox.context());
}

async function kindsTold(customer: TestCustomer): Promise<string[]> {
  const rows = await t.db.execute<{ kind: string }>(
    sql`select kind from notifications where user_id = ${customer.user.id} and kind like 'deposit_%'
         order by kind`,
  );
  return rows.rows.map((row) => row.kind);
}

describe("a credited deposit reorganised out of the chain", () => {
  it("is held, Books is not ok, the watchdog pauses payouts; staff reverse it once; payouts resume", async () => {
    // The deposit's output is vout 0 (the faucet pays first, change after).
    expect((await t.db.execute(sql`select vout from chain_deposits where txid = ${txid}`)).rows).toEqual([
      { vout: 0 },
    ]);
    const report = await reorganiseOut();
    expect(report.disconnected).toBe(3);
    expect(report.payOut).toEqual({ outcome: "paused" });
    expect(report.solvency).toMatchObject({ ok: false, paused: true, pauseStarted: true, alerted: 1 });
    expect(report.solvency.problems.map((problem) => problem.code)).toEqual([
      "deposit_reorganised",
      "hot_wallet_mismatch",
      "reserves_short",
    ]);
    // The chain shows alice's coin only; the ledger counts bob's too.
    expect(report.solvency.hotSats).toBe(300_000n);

    // Bob's money is held: not in his balance, shown as on hold; he was told.
    expect(await wallet(bob)).toMatchObject({ balanceSats: "0", spendableSats: "0", onHoldSats: "1000000" });
    expect(await kindsTold(bob)).toEqual(["deposit_on_hold"]);
    // His history says the receive is pending again, in no block, while it is held.
    expect(await bobsReceive()).toEqual({ status: "pending", confirmations: 0 });
    const told = await t.db.execute<{ title: string; message: string; email: string | null }>(
      sql`select title, message, email from notifications where user_id = ${bob.user.id} and kind = 'deposit_on_hold'`,
    );
    expect(told.rows[0]?.title).toBe("Deposit on hold");
    expect(told.rows[0]?.message).toMatch(
      /^On hold: the network reversed this deposit\. 0\.01000000 BTC sent to/,
    );
    const spend = await sendRequest(t, bob.token, { recipient: alice.user.username, amountSats: "1000" });
    expect(spend.statusCode).toBe(400);
    expect(spend.json().error.reason).toBe("insufficientFunds");

    const held = await books();
    expect(held.ok).toBe(false);
    expect(held.solvency).toMatchObject({
      ok: false,
      paused: true,
      reserves: { hotSats: "300000", totalSats: "300000" },
    });
    expect(held.reorgedDeposits.items).toMatchObject([
      { txid, vout: 0, valueSats: "1000000", heldSats: "1000000", resolution: null, inChainAgain: false },
    ]);

    // Withdrawals wait (503), transfers go on: alice pays bob, and that is his to spend.
    const withdrawal = await sendRequest(t, alice.token, {
      recipient: outsideAddress(),
      amountSats: "10000",
    });
    expect(withdrawal.statusCode).toBe(503);
    const transfer = await sendRequest(t, alice.token, { recipient: bob.user.username, amountSats: "25000" });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(await wallet(bob)).toMatchObject({ balanceSats: "25000", onHoldSats: "1000000" });

    // Staff reverse it: the held amount leaves the books with the phantom coin; bob is told why.
    const reversed = await resolve("reverse");
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(resolvedDepositSchema.parse(reversed.json()).deposit).toMatchObject({
      txid,
      resolution: "reversed",
      heldSats: null,
      customer: { id: bob.user.id, username: bob.user.username },
    });
    // Claimed once: a second resolution, either way, is refused.
    expect((await resolve("reverse")).statusCode).toBe(409);
    expect((await resolve("absorb")).statusCode).toBe(409);
    expect(
      (
        await postJson(
          t,
          `${apiPaths.admin.books}/deposits/${"ab".repeat(32)}/0/reverse`,
          { reason: "x" },
          { cookie: staff.token },
        )
      ).statusCode,
    ).toBe(404);
    expect(await wallet(bob)).toMatchObject({ balanceSats: "25000", onHoldSats: "0" });
    expect(await kindsTold(bob)).toEqual(["deposit_on_hold", "deposit_reversed"]);
    expect((await bobsReceive()).status).toBe("failed");
    const audit = await t.db.execute<{
      action: string;
      target_id: string;
      customer_id: string;
      reason: string;
    }>(sql`select action, target_id, customer_id, reason from audit_events where target_type = 'deposit'`);
    expect(audit.rows).toEqual([
      {
        action: "deposit.reversed",
        target_id: `${txid}:0`,
        customer_id: bob.user.id,
        reason: "It did not come back after six blocks",
      },
    ]);
    const coin = await t.db.execute(sql`select status from hot_wallet_utxos where txid = ${txid}`);
    expect(coin.rows).toEqual([{ status: "written_off" }]);

    // The books hold again: the next pass resumes payouts by itself.
    const resumed = await runPass(sandbox.context());
    expect(resumed.solvency).toMatchObject({ ok: true, paused: false, problems: [] });
    expect((await books()).reorgedDeposits.items[0]).toMatchObject({
      resolution: "reversed",
      heldSats: null,
    });
    const paid = await sendRequest(t, alice.token, { recipient: outsideAddress(), amountSats: "10000" });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await runPass(sandbox.context())).payOut.outcome).toBe("paid");
    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    await expectChainBooksBalanced(t);
    expect((await books()).ok).toBe(true);
  });

  it("absorbed: the hold is released to the customer and the bank bears the loss (paused until covered)", async () => {
    await reorganiseOut();
    const absorbed = await resolve("absorb", "Our mistake: the deposit was shown as final too early");
    expect(absorbed.statusCode, absorbed.body).toBe(200);
    expect(absorbed.json().deposit).toMatchObject({ resolution: "absorbed", heldSats: null });
    expect(await wallet(bob)).toMatchObject({ balanceSats: "1000000", onHoldSats: "0" });
    expect((await bobsReceive()).status).toBe("completed");
    expect((await resolve("reverse")).statusCode).toBe(409);
    const losses = await t.db.execute<{ balance: string }>(
      sql`select balance::text as balance from ledger_accounts where kind = 'bank_losses'`,
    );
    expect(losses.rows).toEqual([{ balance: "-1000000" }]);
    // The coin is gone and the bank owes bob the credit: reserves on the chain fall short until the bank
    // adds coins of its own; the deposit and the hot wallet's gap are no longer problems.
    const report = await runPass(sandbox.context());
    expect(report.solvency.problems.map((problem) => problem.code)).toEqual(["reserves_short"]);
    expect(report.solvency.paused).toBe(true);
    await expectBooksBalanced(t.db);
    expect(await reconcileHotWallet(t.db)).toMatchObject({ matches: true });
  });

  it("resolved once when two members of staff resolve it at the same moment", async () => {
    await reorganiseOut();
    const answers = await Promise.all([resolve("reverse"), resolve("absorb"), resolve("reverse")]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const postings = await t.db.execute<{ n: string }>(
      sql`select count(distinct idempotency_key)::text as n from ledger_transfers
           where reference = ${`deposit:${txid}:0`} and kind <> 'deposit' and kind <> 'deposit_hold'`,
    );
    expect(postings.rows).toEqual([{ n: "1" }]);
    const audited = await t.db.execute(sql`select 1 from audit_events where target_type = 'deposit'`);
    expect(audited.rows).toHaveLength(1);
    await expectBooksBalanced(t.db);
    expect(await reconcileHotWallet(t.db)).toMatchObject({ matches: true });
  });

  it("back in a block: the hold is released, nothing is paused, nothing to resolve", async () => {
    // Replaced without being dropped: the payment goes back to the mempool and into the new first block.
    await sandbox.node.reorg(3);
    const report = await runPass(sandbox.context());
    expect(report.solvency).toMatchObject({ ok: true, paused: false });
    expect(await wallet(bob)).toMatchObject({ balanceSats: "1000000", onHoldSats: "0" });
    // Told of the hold, and of its release.
    expect(await kindsTold(bob)).toEqual(["deposit_on_hold", "deposit_released"]);
    expect((await bobsReceive()).status).toBe("completed");
    expect((await resolve("reverse")).statusCode).toBe(409);
    await expectChainBooksBalanced(t);
  });
});
