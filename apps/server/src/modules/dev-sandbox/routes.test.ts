import { apiPaths } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import type { ChainSetup } from "../../bitcoin/chain/create-chain-backend.js";
import { ADVISORY_LOCKS, tryAdvisoryLock } from "../../db/advisory-lock.js";
import { customerBalance } from "../../ledger/accounts.js";
import { setUpChain } from "../../lifecycle/chain-setup.js";
import { postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectBooksBalanced, insertCustomer, walletContext } from "../../test/money-helpers.js";
import { type ChainWorker, startChainWorker } from "../../worker/chain-worker.js";
import { depositAddressFor } from "../addresses/index.js";
import { reconcileHotWallet } from "../chain/index.js";
import { payoutBlocks } from "../withdrawals/index.js";
import { devSandboxLoopbackOnlyText } from "./routes.js";

// The sandbox's controls as `npm run sandbox` and the end-to-end tests use them, with the real worker
// (the chain follower) running in the same process.
describe("the sandbox chain's dev endpoints", () => {
  let t: TestApp;
  let chain: ChainSetup;
  let worker: ChainWorker;

  beforeAll(async () => {
    let syncNow: () => Promise<unknown> = async () => undefined;
    t = await createTestApp({ syncChainNow: () => syncNow() });
    // The node keeps all of its state in the database: this one and the app's own are the same node.
    chain = await setUpChain({
      config: { kind: "sandbox", blockSeconds: 0 },
      network: "regtest",
      db: t.db,
      now: () => systemClock.now(),
    });
    await chain.sandbox?.start();
    worker = startChainWorker({
      ctx: {
        db: t.db,
        clock: systemClock,
        chain: chain.backend,
        walletKeys: walletContext(t).walletKeys,
        confirmations: 1,
        startHeight: 0,
        blockListeners: [payoutBlocks],
      },
      lead: () => tryAdvisoryLock(t.handle, ADVISORY_LOCKS.chainFollower),
      pollMs: 60_000,
      mining: null,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    syncNow = () => worker.syncNow();
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it("pays, mines and credits: the customer's balance moves once", async () => {
    const user = await insertCustomer(t.db);
    const address = await depositAddressFor({ ctx: walletContext(t), userId: user.id });
    const paid = await postJson(t, apiPaths.dev.sandbox.pay, { address, amountSats: "125000" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await customerBalance(t.db, user.id)).toBe(0n);

    const mined = await postJson(t, apiPaths.dev.sandbox.mine, { blocks: 1 });
    expect(mined.statusCode, mined.body).toBe(200);
    expect(mined.json()).toMatchObject({ hashes: [expect.any(String)], height: 101 });
    expect(await customerBalance(t.db, user.id)).toBe(125_000n);

    await postJson(t, apiPaths.dev.sandbox.mine, { blocks: 3 });
    expect(await customerBalance(t.db, user.id)).toBe(125_000n);
    await expectBooksBalanced(t.db);
    expect(await reconcileHotWallet(t.db)).toMatchObject({ matches: true, ledgerSats: 125_000n });
  });

  it("reorganises, and refuses what the node refuses with its words", async () => {
    const reorg = await postJson(t, apiPaths.dev.sandbox.reorg, { depth: 2 });
    expect(reorg.statusCode, reorg.body).toBe(200);
    expect(reorg.json().hashes).toHaveLength(3);
    // A valid mainnet address is not one of this regtest network's.
    const mainnet = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
    const bad = await postJson(t, apiPaths.dev.sandbox.pay, { address: mainnet, amountSats: "1000" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid address");
  });

  it("answers loopback clients only", async () => {
    const res = await postJson(t, apiPaths.dev.sandbox.mine, {}, { remoteAddress: "203.0.113.9" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(devSandboxLoopbackOnlyText);
  });
});
