import { randomUUID } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { apiPaths, type Books, booksSchema } from "@satsbank/shared";
import { p2wpkh } from "@scure/btc-signer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import { networkParams } from "../../bitcoin/network.js";
import { getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { sendRequest, testCustomer } from "../../test/money-helpers.js";
import { type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { syncChain } from "../chain/index.js";

/** An outside address of the regtest network: a key nobody at the bank holds. */
function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

async function books(t: TestApp, staff: TestStaff): Promise<Books> {
  const res = await getJson(t, apiPaths.admin.books, { cookie: staff.token });
  expect(res.statusCode, res.body).toBe(200);
  return booksSchema.parse(res.json());
}

describe("GET /api/admin/books", () => {
  let t: TestApp;
  let sandbox: SandboxChain;
  let staff: TestStaff;
  beforeAll(async () => {
    // The app reads the sandbox node kept in its own database (CHAIN_BACKEND=sandbox), which the test drives.
    t = await createTestApp();
    sandbox = await startSandboxChain(t);
    await syncChain(sandbox.context());
    staff = await testStaff(t, { name: "Books Keeper" });
  });
  afterAll(() => t.close());

  it("shows the invariants, the hot wallet, pending withdrawals, reorganised deposits and the follower's lag", async () => {
    const saver = await testCustomer(t, { name: "Chain Saver" });
    await sandbox.deposit({ id: saver.user.id }, 100_000n);
    const withdrawal = await sendRequest(t, saver.token, {
      recipient: outsideAddress(),
      amountSats: "20000",
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    const first = await books(t, staff);
    const tip = await sandbox.chain.tip();
    expect(first).toMatchObject({
      ok: true,
      ledger: { booksBalanced: true, totalSats: "0", negativeCustomerAccounts: 0, mismatchedAccounts: 0 },
      hotWallet: {
        ledgerSats: "100000",
        coinsSats: "100000",
        matches: true,
        coins: { availableSats: "100000", lockedSats: "0", missingSats: "0" },
      },
      // No vault configured: nothing in it, nothing swept.
      coldVault: { ledgerSats: "0", coinsSats: "0", matches: true },
      sweeps: [],
      // The customer's 79,000 left and the 20,000 waiting to be paid out.
      reserves: { reservesSats: "100000", liabilitiesSats: "99000", covered: true },
      pendingWithdrawals: { queued: { count: 1, sumSats: "20000" }, sent: { count: 0, sumSats: "0" } },
      reorgedDeposits: { count: 0, sumSats: "0", items: [] },
      chain: {
        backend: "bitcoind",
        follower: { height: tip.height, hash: tip.hash },
        tip: { available: true, height: tip.height, hash: tip.hash },
        lagBlocks: 0,
      },
    });

    // A credited deposit whose block leaves the chain: flagged, its coin missing, still counted.
    const mover = await testCustomer(t, { name: "Reorg Victim" });
    const txid = await sandbox.deposit({ id: mover.user.id }, 30_000n);
    await sandbox.node.reorg(1, { drop: true });
    await syncChain(sandbox.context());
    // Blocks the follower has not read yet.
    await sandbox.node.mine(3);

    const later = await books(t, staff);
    expect(later.reorgedDeposits).toMatchObject({
      count: 1,
      sumSats: "30000",
      items: [
        {
          txid,
          valueSats: "30000",
          customer: { id: mover.user.id, name: "Reorg Victim" },
          inChainAgain: false,
        },
      ],
    });
    expect(later.hotWallet).toMatchObject({
      ledgerSats: "130000",
      matches: true,
      coins: { missingSats: "30000" },
    });
    expect(later.chain.lagBlocks).toBe(3);
    expect(later.chain.tip).toMatchObject({
      available: true,
      height: (later.chain.follower?.height ?? 0) + 3,
    });
  });
});

describe("GET /api/admin/books with a chain backend that does not answer", () => {
  it("shows the backend unavailable, not an error, and the rest of the books", async () => {
    const silent: ChainBackend = {
      name: "esplora",
      tip: () => new Promise(() => undefined),
      blockHash: () => Promise.reject(new Error("down")),
      block: () => Promise.reject(new Error("down")),
      mempoolTxids: () => Promise.reject(new Error("down")),
      transaction: () => Promise.reject(new Error("down")),
      transactionStatus: () => Promise.reject(new Error("down")),
      outputs: () => Promise.reject(new Error("down")),
      broadcast: () => Promise.reject(new Error("down")),
      feeRate: () => Promise.reject(new Error("down")),
    };
    const refusing: ChainBackend = {
      ...silent,
      name: "bitcoind",
      tip: () => Promise.reject(new Error("ECONNREFUSED")),
    };
    for (const backend of [refusing, silent]) {
      const t = await createTestApp({ chain: { backend, sandbox: null } });
      try {
        const staff = await testStaff(t, { name: `Books ${randomUUID().slice(0, 4)}` });
        const started = Date.now();
        const result = await books(t, staff);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(result.chain).toEqual({
          backend: backend.name,
          follower: null,
          tip: { available: false, reason: expect.stringContaining("did not answer") },
          lagBlocks: null,
        });
        expect(result.ledger.booksBalanced).toBe(true);
      } finally {
        await t.close();
      }
    }
  }, 20_000);
});
