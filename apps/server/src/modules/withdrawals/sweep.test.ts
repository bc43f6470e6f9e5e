import { randomUUID } from "node:crypto";
import { apiPaths, booksSchema } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BroadcastRejected, type ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import { vaultAddress } from "../../bitcoin/vault/index.js";
import { vaultCoins } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { bankBalance } from "../../ledger/accounts.js";
import { getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { walletContext } from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { testStaff } from "../../test/staff-helpers.js";
import {
  depositor,
  earnFees,
  fixtureVault,
  outsideAddress,
  vaultPass,
  vaultSettings,
} from "../../test/vault-helpers.js";
import { sumUtxos } from "../chain/index.js";
import { listVaultReserveCoins } from "../vault/index.js";
import { sendBitcoin } from "../wallet/index.js";
import { payOutQueued } from "./pay-out.js";
import { findPayout } from "./queries.js";
import { sweepHotWallet } from "./sweep.js";

// The sweep (issue 19): the hot wallet's excess over HOT_WALLET_MAX_SATS goes to the cold vault in one
// transaction the hot key signs, a payout of purpose `sweep`, down to HOT_WALLET_TARGET_SATS.

const MAX = 1_000_000n;
const TARGET = 500_000n;
const settings = vaultSettings(fixtureVault, { max: MAX, target: TARGET });

let t: TestApp;
let sandbox: SandboxChain;

beforeAll(async () => {
  t = await createTestApp({ config: settings });
  sandbox = await startSandboxChain(t);
  // The bank's own money: the sweeps' miner fees come out of it.
  await earnFees(t, sandbox, sats(200_000n));
}, 120_000);
afterAll(() => t.close());
// Every test moves money on the chain: every invariant of the books holds after it, the vault's too.
afterEach(() => expectChainBooksBalanced(t));

const sweepContext = (chain?: ChainBackend) => ({
  ...sandbox.context(chain === undefined ? {} : { chain }),
  vault: settings,
});

/** The outpoints a chain transaction spends. */
async function spends(txid: string): Promise<string[]> {
  const tx = await sandbox.chain.transaction(txid);
  return (tx?.inputs ?? []).map((input) => `${input.txid}:${input.vout}`);
}

/** Mines a block and lets a pass settle what is deep enough. */
async function settle() {
  await sandbox.node.mine(1);
  return vaultPass(sandbox, settings);
}

/** Blocks and passes until no sweep is on its way (a settled payout's change may call for one more). */
async function settleAll() {
  for (let i = 0; i < 5; i++) {
    const pass = await settle();
    if (pass.sweep.outcome === "idle") return;
  }
  throw new Error("The sweeps never came to rest");
}

describe("the sweep", () => {
  it("moves the excess to the vault's next receive address in one transaction, and leaves the target", async () => {
    await depositor(t, sandbox, [600_000n, 600_000n, 600_000n]);
    const hotBefore = (await sumUtxos(t.db)).available;
    expect(hotBefore).toBeGreaterThan(MAX);

    const pass = await vaultPass(sandbox, settings);
    expect(pass.sweep).toMatchObject({ outcome: "swept", broadcast: { outcome: "broadcast" } });
    if (pass.sweep.outcome !== "swept") return;
    const { txid, amountSats, minerFeeSats } = pass.sweep;
    expect(await sandbox.chain.mempoolTxids()).toContain(txid);
    // What the hot wallet gives up is its excess over the target: the vault's share and the miner fee.
    expect(amountSats + minerFeeSats).toBe(hotBefore - TARGET);
    const tx = await sandbox.chain.transaction(txid);
    const to = vaultAddress(fixtureVault, "receive", 0);
    expect(tx?.outputs.filter((output) => output.address === to).map((o) => o.valueSats)).toEqual([
      amountSats,
    ]);
    expect(await findPayout(t.db, txid)).toMatchObject({ purpose: "sweep", status: "broadcast" });
    // On its way: the vault's coin is incoming, the hot coins locked by the sweep, the ledger unmoved.
    expect(await listVaultReserveCoins(t.db)).toEqual([
      expect.objectContaining({ txid, valueSats: amountSats, status: "incoming", movedBy: txid }),
    ]);
    expect(await bankBalance(t.db, "cold_vault")).toBe(0n);

    // A burst of passes before it confirms sweeps nothing more.
    expect((await vaultPass(sandbox, settings)).sweep).toEqual({ outcome: "pending", txid });
    expect((await vaultPass(sandbox, settings)).sweep).toEqual({ outcome: "pending", txid });

    const after = await settle();
    expect(after.payouts.settled).toBe(1);
    expect(after.sweep).toEqual({ outcome: "idle" });
    expect(await findPayout(t.db, txid)).toMatchObject({ status: "confirmed" });
    expect((await sumUtxos(t.db)).available).toBe(TARGET);
    expect(await listVaultReserveCoins(t.db)).toEqual([
      expect.objectContaining({ txid, valueSats: amountSats, status: "available" }),
    ]);
    expect(-(await bankBalance(t.db, "cold_vault"))).toBe(amountSats);
    expect(after.solvency.ok).toBe(true);

    // Logged on the Books tab: the sweep, and the vault's ledger account against its coins.
    const staff = await testStaff(t, { name: "Sweep Watcher" });
    const books = async () => {
      const res = await getJson(t, apiPaths.admin.books, { cookie: staff.token });
      expect(res.statusCode, res.body).toBe(200);
      return booksSchema.parse(res.json());
    };
    const shown = await books();
    expect(shown.sweeps[0]).toMatchObject({
      txid,
      status: "confirmed",
      amountSats: amountSats.toString(),
      minerFeeSats: minerFeeSats.toString(),
      address: to,
    });
    expect(shown.coldVault).toEqual({
      ledgerSats: amountSats.toString(),
      coinsSats: amountSats.toString(),
      matches: true,
    });
    expect(shown.ok).toBe(true);
    // A vault coin the books do not back (injected, then put back): the check fails, and Books with it.
    await t.db
      .update(vaultCoins)
      .set({ valueSats: amountSats + 1n })
      .where(eq(vaultCoins.txid, txid));
    try {
      const broken = await books();
      expect(broken.coldVault).toMatchObject({ coinsSats: (amountSats + 1n).toString(), matches: false });
      expect(broken.ok).toBe(false);
    } finally {
      await t.db.update(vaultCoins).set({ valueSats: amountSats }).where(eq(vaultCoins.txid, txid));
    }
  });

  it("never takes coins a payout has locked", async () => {
    await depositor(t, sandbox, [800_000n, 700_000n]);
    const customer = await depositor(t, sandbox, [300_000n]);
    await sendBitcoin({
      ctx: walletContext(t),
      sender: customer,
      body: { recipient: outsideAddress(), amountSats: "250000", idempotencyKey: randomUUID() },
    });
    const paid = await payOutQueued(sandbox.context());
    expect(paid.outcome).toBe("paid");
    if (paid.outcome !== "paid") return;
    const locked = await spends(paid.txid);

    const swept = await sweepHotWallet(sweepContext());
    expect(swept.outcome).toBe("swept");
    if (swept.outcome !== "swept") return;
    const taken = await spends(swept.txid);
    expect(taken.filter((outpoint) => locked.includes(outpoint))).toEqual([]);
    // The excess is counted without the payout's coins: what is left available is the target.
    expect((await sumUtxos(t.db)).available).toBeLessThanOrEqual(TARGET);

    const after = await settle();
    expect(after.payouts.settled).toBe(2);
    await settleAll();
  });

  it("never sweeps twice when sweeps are asked for at the same moment", async () => {
    await settleAll();
    await depositor(t, sandbox, [900_000n, 400_000n]);
    const outcomes = await Promise.all([1, 2, 3].map(() => sweepHotWallet(sweepContext())));
    expect(outcomes.filter((outcome) => outcome.outcome === "swept")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === "pending")).toHaveLength(2);
    await settleAll();
  });

  it("leaves in the hot wallet what withdrawals waiting for staff will take", async () => {
    const customer = await depositor(t, sandbox, [1_200_000n]);
    const policy = { ...walletContext(t).withdrawalPolicy, reviewSats: sats(300_000n) };
    const waiting = await sendBitcoin({
      ctx: { ...walletContext(t), withdrawalPolicy: policy },
      sender: customer,
      body: { recipient: outsideAddress(), amountSats: "400000", idempotencyKey: randomUUID() },
    });
    expect(waiting.status).toBe("pending");
    const before = (await sumUtxos(t.db)).available;
    const pass = await vaultPass(sandbox, settings);
    expect(pass.sweep.outcome).toBe("swept");
    if (pass.sweep.outcome !== "swept") return;
    expect(pass.sweep.amountSats + pass.sweep.minerFeeSats).toBe(before - TARGET - 400_000n);
    await settleAll();
    expect((await sumUtxos(t.db)).available).toBe(TARGET + 400_000n);
  });

  it("is sent again when a reorganisation drops its block, and settles in the new chain", async () => {
    await depositor(t, sandbox, [700_000n]);
    const made = await vaultPass(sandbox, settings, { confirmations: 2 });
    expect(made.sweep.outcome).toBe("swept");
    if (made.sweep.outcome !== "swept") return;
    const { txid } = made.sweep;
    await sandbox.node.mine(1);
    await vaultPass(sandbox, settings, { confirmations: 2 });
    expect(await findPayout(t.db, txid)).toMatchObject({ blockHeight: expect.any(Number) });

    await sandbox.node.reorg(1, { drop: true });
    const undone = await vaultPass(sandbox, settings, { confirmations: 2 });
    expect(undone.payouts.rebroadcast).toBe(1);
    expect(await sandbox.chain.mempoolTxids()).toContain(txid);
    expect(await findPayout(t.db, txid)).toMatchObject({ status: "broadcast", blockHeight: null });
    expect(await listVaultReserveCoins(t.db)).toContainEqual(
      expect.objectContaining({ txid, status: "incoming" }),
    );

    await sandbox.node.mine(2);
    const settled = await vaultPass(sandbox, settings, { confirmations: 2 });
    expect(settled.payouts.settled).toBe(1);
    expect(await listVaultReserveCoins(t.db)).toContainEqual(
      expect.objectContaining({ txid, status: "available" }),
    );
    await settleAll();
  });

  it("frees its coins and forgets its vault coin when the network refuses it for good", async () => {
    await depositor(t, sandbox, [650_000n]);
    const refusing: ChainBackend = {
      ...sandbox.chain,
      broadcast: async () => {
        throw new BroadcastRejected(true, "bad-txns-inputs-missingorspent");
      },
    };
    const before = await sumUtxos(t.db);
    const swept = await sweepHotWallet(sweepContext(refusing));
    expect(swept).toMatchObject({ outcome: "swept", broadcast: { outcome: "failed" } });
    if (swept.outcome !== "swept") return;
    expect(await findPayout(t.db, swept.txid)).toMatchObject({ status: "failed" });
    expect(await sumUtxos(t.db)).toEqual(before);
    expect((await listVaultReserveCoins(t.db)).map((coin) => coin.txid)).not.toContain(swept.txid);
    // The next pass sweeps with the real backend.
    expect((await vaultPass(sandbox, settings)).sweep.outcome).toBe("swept");
    await settleAll();
  });

  it("waits when the bank's own money cannot pay its miner fee", async () => {
    await depositor(t, sandbox, [900_000n]);
    const dear: ChainBackend = { ...sandbox.chain, feeRate: async () => 5_000 };
    const before = await sumUtxos(t.db);
    const waiting = await sweepHotWallet(sweepContext(dear));
    expect(waiting).toMatchObject({ outcome: "unaffordable" });
    if (waiting.outcome !== "unaffordable") return;
    expect(waiting.minerFeeSats).toBeGreaterThan(waiting.surplusSats);
    expect(await sumUtxos(t.db)).toEqual(before);
    await settleAll();
  });

  it("does nothing without a vault, or below the max", async () => {
    expect(await sweepHotWallet({ ...sweepContext(), vault: vaultSettings(null) })).toEqual({
      outcome: "idle",
    });
    expect(await sweepHotWallet(sweepContext())).toEqual({ outcome: "idle" });
  });
});
