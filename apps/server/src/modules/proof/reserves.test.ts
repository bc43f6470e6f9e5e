import { randomUUID } from "node:crypto";
import {
  apiPaths,
  type EpochProof,
  epochProofSchema,
  reservesSignaturesResponseSchema,
} from "@satsbank/shared";
import { checkEpochReserves, commitmentTxid, readReservesPsbt } from "@satsbank/verify";
import { bip32Path, Transaction } from "@scure/btc-signer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainBackendError } from "../../bitcoin/chain/chain-backend.js";
import { FOREIGN_MNEMONIC, fixtureKeyFile, holderKeyFiles } from "../../bitcoin/vault/fixtures/vault-keys.js";
import { keyFileMaster, signVaultInputs } from "../../bitcoin/vault/index.js";
import type { KeyFile } from "../../bitcoin/vault/key-file.js";
import { auditEvents, hotWalletUtxos } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fundFromEquity } from "../../test/fund-from-equity.js";
import { testCustomer } from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { depositor, earnFees, fixtureVault, vaultPass, vaultSettings } from "../../test/vault-helpers.js";
import { checkSolvency } from "../solvency/index.js";
import { listVaultReserveCoins } from "../vault/index.js";
import { buildEpoch, listEpochs, type ProofContext, proofContextOf, type ReservesSettings } from "./index.js";

// The reserves proof of an epoch (issue 23): every coin the chain shows at the epoch's block, the hot
// wallet's signed at once, the vault's by two key holders through staff's uploads; checked here with
// @satsbank/verify, the code the customer's browser and satsbank-verify run.

const settings = vaultSettings(fixtureVault, { max: 1_000_000n, target: 500_000n });
const config = testConfig(settings);
const [holder1, holder2] = holderKeyFiles("regtest");
const foreign = fixtureKeyFile("regtest", FOREIGN_MNEMONIC);

let t: TestApp;
let sandbox: SandboxChain;
let staff: TestStaff;
let ctx: ProofContext;

beforeAll(async () => {
  t = await createTestApp({ config: settings });
  sandbox = await startSandboxChain(t);
  staff = await testStaff(t, { name: "Reserves Keeper" });
  await earnFees(t, sandbox, sats(300_000n));
  // The hot wallet above its max: the sweep gives the vault its first coin.
  await depositor(t, sandbox, [3_000_000n]);
  expect((await vaultPass(sandbox, settings)).sweep.outcome).toBe("swept");
  for (let i = 0; i < 3; i++) {
    await sandbox.node.mine(1);
    await vaultPass(sandbox, settings);
  }
  ctx = proofContextOf(config, { db: t.db, clock: sandbox.clock, chain: sandbox.chain });
}, 120_000);
afterAll(() => t.close());

const as = () => ({ cookie: staff.token });

async function epochProof(epoch: number): Promise<EpochProof> {
  const res = await getJson(t, apiPaths.proof.epoch(epoch));
  expect(res.statusCode, res.body).toBe(200);
  return epochProofSchema.parse(res.json());
}

async function downloadPsbt(epoch: number): Promise<Transaction> {
  const res = await getJson(t, apiPaths.adminProof.reservesPsbt(epoch), as());
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-disposition"]).toBe(`attachment; filename="reserves-epoch-${epoch}.psbt"`);
  return Transaction.fromPSBT(res.rawPayload, { allowUnknownInputs: true });
}

function signedBy(tx: Transaction, file: KeyFile): string {
  const copy = Transaction.fromPSBT(tx.toPSBT(), { allowUnknownInputs: true });
  signVaultInputs(copy, keyFileMaster(file), bip32Path(file.accountPath));
  return Buffer.from(copy.toPSBT()).toString("base64");
}

async function upload(epoch: number, psbt: string) {
  return postJson(t, apiPaths.adminProof.reservesSignatures(epoch), { psbt }, as());
}

const failures = (proof: EpochProof) =>
  checkEpochReserves(proof)
    .checks.filter((check) => !check.ok)
    .map((check) => check.says);

describe("an epoch's reserves proof", { timeout: 120_000 }, () => {
  it("spends every coin of the hot wallet and the vault, waits for two key holders, then verifies", async () => {
    const built = await buildEpoch(ctx);
    expect(built.reserves).toBe("awaiting_signatures");
    const before = await epochProof(built.epoch);
    const reserves = before.reserves;
    if (reserves === null) throw new Error("no reserves proof");
    expect(reserves.message).toBe(
      `${config.brandName} epoch ${built.epoch} liabilities root ${before.root.rootHash}`,
    );
    // Every coin the books hold, hot and cold, and nothing else; input 0 is the commitment.
    const hotCoins = await t.db.select().from(hotWalletUtxos).where(eq(hotWalletUtxos.status, "available"));
    const vaultCoins = (await listVaultReserveCoins(t.db)).filter((coin) => coin.status === "available");
    expect(vaultCoins.length).toBeGreaterThan(0);
    const read = readReservesPsbt(reserves.psbt);
    expect(read.coins.map((coin) => `${coin.txid}:${coin.vout}`).sort()).toEqual(
      [...hotCoins, ...vaultCoins].map((coin) => `${coin.txid}:${coin.vout}`).sort(),
    );
    const sum = [...hotCoins, ...vaultCoins].reduce((total, coin) => total + coin.valueSats, 0n);
    expect(reserves.total).toBe(sum.toString());
    expect(Buffer.from(read.tx.getInput(0).txid ?? []).toString("hex")).toBe(
      commitmentTxid(reserves.message),
    );
    // The hot coins verify already; the vault's do not, and the proof says it waits.
    expect(failures(before)).toEqual([
      "The reserves proof is not complete: the vault's key holders have not signed it yet",
      ...vaultCoins.map((coin) => expect.stringContaining(`${coin.txid}:${coin.vout}`)),
    ]);

    // A foreign key's signature counts for nothing (400); the first key holder's is kept.
    const tx = await downloadPsbt(built.epoch);
    expect((await upload(built.epoch, signedBy(tx, foreign))).statusCode).toBe(400);
    const first = await upload(built.epoch, signedBy(tx, holder1 as KeyFile));
    expect(first.statusCode, first.body).toBe(200);
    expect(reservesSignaturesResponseSchema.parse(first.json()).status).toBe("awaiting_signatures");
    const second = await upload(built.epoch, signedBy(tx, holder2 as KeyFile));
    expect(second.statusCode, second.body).toBe(200);
    const done = reservesSignaturesResponseSchema.parse(second.json());
    expect(done.status).toBe("covered");
    expect(done.added.length).toBe(vaultCoins.length);

    const after = await epochProof(built.epoch);
    expect(after.reserves?.status).toBe("covered");
    expect(failures(after)).toEqual([]);
    // Complete: a PSBT sent again changes nothing (409).
    const again = await upload(built.epoch, signedBy(tx, holder1 as KeyFile));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "This epoch's reserves proof is complete and covers the liabilities: it takes no more signatures.",
    );
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "proof.reserves_signed"));
    expect(audited.map((event) => (event.details as { status: string }).status).sort()).toEqual([
      "awaiting_signatures",
      "covered",
    ]);
    await expectChainBooksBalanced(t);
  });

  it("is refused for another transaction's PSBT (400) and for an epoch without one (404)", async () => {
    const built = await buildEpoch(ctx);
    const notPsbt = await upload(built.epoch, "bm90IGEgcHNidA==");
    expect(notPsbt.statusCode).toBe(400);
    const other = new Transaction({ allowUnknownOutputs: true });
    other.addInput({ txid: "ab".repeat(32), index: 0 });
    other.addOutput({ script: Uint8Array.of(0x51), amount: 1_000n });
    expect((await upload(built.epoch, Buffer.from(other.toPSBT()).toString("base64"))).statusCode).toBe(400);
    expect(
      (await upload(999, signedBy(await downloadPsbt(built.epoch), holder1 as KeyFile))).statusCode,
    ).toBe(404);
  });

  it("is never missing from an epoch: a chain backend that does not answer stores no epoch at all", async () => {
    const before = await listEpochs(ctx);
    const down = new ChainBackendError("unavailable", "The chain backend did not answer");
    const silent = {
      ...ctx,
      reserves: {
        ...(ctx.reserves as ReservesSettings),
        chain: { ...sandbox.chain, outputs: () => Promise.reject(down) },
      },
    };
    await expect(buildEpoch(silent)).rejects.toBe(down);
    expect(await listEpochs(ctx)).toEqual(before);
  });

  it("published below the liabilities, it is marked failing and the solvency watchdog raises it", async () => {
    // A customer credited with more than every coin the bank holds (books that say more than the chain).
    const customer = await testCustomer(t, { name: "Owed Too Much" });
    await fundFromEquity({
      ctx: { db: t.db, clock: sandbox.clock },
      userId: customer.user.id,
      amount: sats(100_000_000_000n),
      idempotencyKey: randomUUID(),
    });
    const built = await buildEpoch(ctx);
    const tx = await downloadPsbt(built.epoch);
    await upload(built.epoch, signedBy(tx, holder1 as KeyFile));
    const done = reservesSignaturesResponseSchema.parse(
      (await upload(built.epoch, signedBy(tx, holder2 as KeyFile))).json(),
    );
    expect(done.status).toBe("failing");
    const proof = await epochProof(built.epoch);
    expect(failures(proof)).toEqual([
      `Reserves of ${proof.reserves?.total} sat are below the liabilities of ${proof.root.total} sat`,
    ]);
    const check = await checkSolvency({ db: t.db, clock: sandbox.clock, chain: sandbox.chain });
    expect(check.problems).toContainEqual({
      code: "proof_reserves_failing",
      message: expect.stringMatching(new RegExp(`^Epoch ${built.epoch}'s published reserves proof shows `)),
    });
  });
});
