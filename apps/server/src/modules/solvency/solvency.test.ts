import { secp256k1 } from "@noble/curves/secp256k1.js";
import { apiPaths, sendErrors, solvencySchema } from "@satsbank/shared";
import { p2wpkh } from "@scure/btc-signer";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { networkParams } from "../../bitcoin/network.js";
import { sats } from "../../domain/money.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fundFromEquity } from "../../test/fund-from-equity.js";
import {
  balanceOf,
  expectBooksBalanced,
  quoteRequest,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { runPass } from "../../worker/chain-worker.js";
import { reconcileHotWallet } from "../chain/index.js";

// The solvency watchdog end to end, on the sandbox chain read through the bitcoind adapter: a mismatch
// between the books and the chain pauses payouts within one pass, alerts every member of staff, refuses
// new withdrawals with a 503 while transfers go on, and payouts resume when the books hold again, or
// by hand (audited). The app, its chain and its staff are new for every test.

const PAUSED_TEXT =
  "Withdrawals are paused while the bank checks its books. Your money is safe; please try again later.";

let t: TestApp;
let sandbox: SandboxChain;
let staff: TestStaff[];

beforeEach(async () => {
  t = await createTestApp();
  sandbox = await startSandboxChain(t);
  staff = [await testStaff(t, { name: "Books Keeper" }), await testStaff(t, { name: "Night Shift" })];
});
afterEach(() => t.close());

function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

const pass = () => runPass(sandbox.context());

/** A verified customer who signed up, funded by a real deposit (mined and credited). */
async function depositor(name: string, amount: bigint): Promise<TestCustomer> {
  const customer = await testCustomer(t, { name });
  await sandbox.deposit({ id: customer.user.id }, amount);
  return customer;
}

async function solvency(as: TestStaff = staff[0] as TestStaff) {
  const res = await getJson(t, apiPaths.admin.solvency, { cookie: as.token });
  expect(res.statusCode, res.body).toBe(200);
  return solvencySchema.parse(res.json());
}

/** The customer's coin in the hot wallet (their deposit's output). */
async function coinOf(txid: string): Promise<{ txid: string; vout: number }> {
  const rows = await t.db.execute<{ txid: string; vout: number }>(
    sql`select txid, vout from hot_wallet_utxos where txid = ${txid}`,
  );
  const coin = rows.rows[0];
  if (coin === undefined) throw new Error(`no coin of ${txid}`);
  return { txid: coin.txid, vout: Number(coin.vout) };
}

/** Marks the coin spent in the sandbox's UTXO set (by a transaction nobody has), or unspent again. */
async function setSpentOnChain(coin: { txid: string; vout: number }, spent: boolean) {
  await t.db.execute(
    sql`update sandbox_outputs set spent_by = ${spent ? "ee".repeat(32) : null}
         where txid = ${coin.txid} and vout = ${coin.vout}`,
  );
}

async function alertsOf(member: TestStaff) {
  const rows = await t.db.execute<{ kind: string; email: string | null; title: string; message: string }>(
    sql`select kind, email, title, message from notifications where user_id = ${member.user.id}`,
  );
  return rows.rows.filter((row) => row.kind === "solvency_alert");
}

function expectPausedRefusal(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({
    error: { code: "SERVICE_UNAVAILABLE", message: PAUSED_TEXT, reason: "withdrawalsPaused" },
  });
}

describe("the solvency watchdog", () => {
  it("holds while the books match the chain: payouts run, GET /api/admin/solvency says ok", async () => {
    const alice = await depositor("Alice Saver", 200_000n);
    const first = await pass();
    expect(first.solvency).toMatchObject({ ok: true, paused: false, problems: [] });
    const sent = await sendRequest(t, alice.token, { recipient: outsideAddress(), amountSats: "20000" });
    expect(sent.statusCode, sent.body).toBe(201);
    const paid = await pass();
    expect(paid.payOut.outcome).toBe("paid");
    // Checked again after the payout: its coin is locked and the node holds the payout spending it.
    expect(paid.solvency).toMatchObject({ ok: true, paused: false, hotSats: 200_000n });
    expect(await solvency()).toMatchObject({
      ok: true,
      // Alice's 179,000 and the 20,000 on their way out.
      liabilitiesSats: "199000",
      reserves: { hotSats: "200000", vaultSats: "0", totalSats: "200000" },
      problems: [],
      paused: false,
      pausedSince: null,
      resumed: null,
    });
    await sandbox.node.mine(1);
    expect((await pass()).solvency.ok).toBe(true);
    await expectChainBooksBalanced(t);
  });

  it("a coin gone from the chain's UTXO set pauses payouts within one pass: alert, 503, transfers go on; then resumes by itself", async () => {
    const alice = await depositor("Alice Saver", 200_000n);
    const bob = await depositor("Bob Payee", 50_000n);
    await pass();
    const queued = await sendRequest(t, alice.token, { recipient: outsideAddress(), amountSats: "20000" });
    expect(queued.statusCode, queued.body).toBe(201);
    const aliceDeposit = await t.db.execute<{ txid: string }>(
      sql`select txid from chain_deposits where user_id = ${alice.user.id}`,
    );
    const coin = await coinOf(aliceDeposit.rows[0]?.txid ?? "");
    await setSpentOnChain(coin, true);

    const report = await pass();
    expect(report.payOut).toEqual({ outcome: "paused" });
    expect(report.solvency).toMatchObject({ ok: false, paused: true, pauseStarted: true, alerted: 2 });
    expect(report.solvency.problems.map((problem) => problem.code)).toEqual([
      "coin_spent",
      "hot_wallet_mismatch",
      "reserves_short",
    ]);
    expect(report.solvency.problems[0]?.message).toBe(
      `The hot wallet's coin ${coin.txid}:${coin.vout} (200,000 sat) was spent by a transaction the bank did not make.`,
    );
    // The queued withdrawal waits.
    const waiting = await t.db.execute<{ status: string }>(
      sql`select status from withdrawals where user_id = ${alice.user.id}`,
    );
    expect(waiting.rows).toEqual([{ status: "queued" }]);

    // Every member of staff is alerted, emailed whatever their settings (due, or sent already).
    for (const member of staff) {
      const [alert, ...more] = await alertsOf(member);
      expect(more).toEqual([]);
      expect(alert?.title).toBe("Payouts paused: the books need a look");
      expect(["due", "sent"]).toContain(alert?.email);
      expect(alert?.message).toContain("was spent by a transaction the bank did not make");
      expect(alert?.message).toContain(
        "The bank owes 0.00249000 BTC; the chain shows 0.00050000 BTC in the hot wallet",
      );
    }

    // A new withdrawal is refused with the words the customer reads, quote and send; a transfer goes on.
    expectPausedRefusal(
      await quoteRequest(t, alice.token, { recipient: outsideAddress(), amountSats: "1000" }),
    );
    expectPausedRefusal(
      await sendRequest(t, alice.token, { recipient: outsideAddress(), amountSats: "1000" }),
    );
    expect(sendErrors.withdrawalsPaused.text).toBe(PAUSED_TEXT);
    const transfer = await sendRequest(t, alice.token, { recipient: bob.user.username, amountSats: "5000" });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(await balanceOf(t, bob.token)).toBe(55_000n);

    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: "degraded", database: "up" });
    expect(health.json().reason).toMatch(
      /^Payouts are paused since .*: the solvency watchdog found 3 problems/,
    );
    const state = await solvency(staff[1]);
    expect(state).toMatchObject({ ok: false, paused: true, reserves: { hotSats: "50000" } });
    expect(state.pausedSince).not.toBeNull();

    // Still failing at the next pass: still paused, no second alert.
    expect((await pass()).solvency).toMatchObject({ paused: true, pauseStarted: false, alerted: 0 });
    expect(await alertsOf(staff[0] as TestStaff)).toHaveLength(1);

    // The coin is back: the next pass finds the books whole and pays the withdrawal that waited.
    await setSpentOnChain(coin, false);
    const resumed = await pass();
    expect(resumed.solvency).toMatchObject({ ok: true, paused: false, problems: [] });
    expect(resumed.payOut.outcome).toBe("paid");
    expect((await solvency()).paused).toBe(false);
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok", database: "up" });
    await sandbox.node.mine(1);
    await pass();
    await expectChainBooksBalanced(t);
  });

  it("a ledger row no coin backs pauses payouts; staff resume by hand (audited) until the problems change", async () => {
    const carol = await depositor("Carol Holder", 100_000n);
    await pass();
    const dave = await testCustomer(t, { name: "Dave Migrated" });
    await fundFromEquity({
      ctx: { db: t.db, clock: systemClock },
      userId: dave.user.id,
      amount: sats(500_000n),
      idempotencyKey: `opening:${dave.user.id}`,
    });
    const report = await pass();
    expect(report.solvency).toMatchObject({ paused: true, pauseStarted: true, alerted: 2 });
    expect(report.solvency.problems).toEqual([
      {
        code: "reserves_short",
        message: "The coins on the chain (hot wallet and vault) are fewer than the bank owes its customers.",
      },
    ]);
    expectPausedRefusal(
      await sendRequest(t, carol.token, { recipient: outsideAddress(), amountSats: "9000" }),
    );

    // A customer cannot resume; staff can, with a reason.
    const refused = await postJson(
      t,
      apiPaths.admin.solvencyResume,
      { reason: "x" },
      { cookie: carol.token },
    );
    expect(refused.statusCode).toBe(403);
    const member = staff[1] as TestStaff;
    const reason = "The opening balances are backed by the old bank's coins; moving them this week";
    const res = await postJson(t, apiPaths.admin.solvencyResume, { reason }, { cookie: member.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(solvencySchema.parse(res.json())).toMatchObject({
      paused: false,
      pausedSince: null,
      resumed: { by: { id: member.user.id, name: "Night Shift" }, reason },
    });
    const audit = await t.db.execute<{ action: string; reason: string; actor_user_id: string }>(
      sql`select action, reason, actor_user_id from audit_events where action = 'payouts.resumed'`,
    );
    expect(audit.rows).toEqual([{ action: "payouts.resumed", reason, actor_user_id: member.user.id }]);
    const again = await postJson(t, apiPaths.admin.solvencyResume, { reason }, { cookie: member.token });
    expect(again.statusCode).toBe(409);

    // The same problems: payouts run.
    const sent = await sendRequest(t, carol.token, { recipient: outsideAddress(), amountSats: "9000" });
    expect(sent.statusCode, sent.body).toBe(201);
    const paid = await pass();
    expect(paid.solvency).toMatchObject({ ok: false, paused: false, alerted: 0 });
    expect(paid.payOut.outcome).toBe("paid");
    await sandbox.node.mine(1);
    expect((await pass()).solvency.paused).toBe(false);

    // Another problem: paused again, staff alerted again; its end leaves the first problem, still paused.
    const change = await t.db.execute<{ txid: string; vout: number }>(
      sql`select txid, vout from hot_wallet_utxos where status = 'available' and chain = 1`,
    );
    const coin = { txid: change.rows[0]?.txid ?? "", vout: Number(change.rows[0]?.vout) };
    await setSpentOnChain(coin, true);
    expect((await pass()).solvency).toMatchObject({ paused: true, pauseStarted: true, alerted: 2 });
    expect(await alertsOf(staff[0] as TestStaff)).toHaveLength(2);
    await setSpentOnChain(coin, false);
    const after = await pass();
    expect(after.solvency).toMatchObject({ paused: true, pauseStarted: false });
    expect(after.solvency.problems.map((problem) => problem.code)).toEqual(["reserves_short"]);
    // The customer's opening balance is not on the chain: the ledger still balances, nobody is negative.
    await expectBooksBalanced(t.db);
    expect(await reconcileHotWallet(t.db)).toMatchObject({ matches: true });
  });
});
