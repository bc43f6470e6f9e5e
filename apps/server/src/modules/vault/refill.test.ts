import { secp256k1 } from "@noble/curves/secp256k1.js";
import {
  apiPaths,
  refillSignaturesResponseSchema,
  type VaultRefill,
  vaultOverviewSchema,
  vaultRefillResponseSchema,
  vaultTexts,
} from "@satsbank/shared";
import { bip32Path, SigHash, Transaction } from "@scure/btc-signer";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_MNEMONIC, fixtureKeyFile, holderKeyFiles } from "../../bitcoin/vault/fixtures/vault-keys.js";
import {
  type ColdVault,
  keyFileMaster,
  parseVaultDescriptor,
  signVaultInputs,
  validVaultSignatures,
  vaultAddress,
  vaultOutput,
  vaultPsbtInput,
  withChecksum,
} from "../../bitcoin/vault/index.js";
import { type KeyFile, keyFileExpression } from "../../bitcoin/vault/key-file.js";
import { auditEvents, hotWalletUtxos, ledgerTransfers } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { sendRequest, testCustomer } from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { depositor, earnFees, fixtureVault, vaultPass, vaultSettings } from "../../test/vault-helpers.js";
import { listVaultReserveCoins } from "./index.js";

// The refill (issue 19): a PSBT staff start, two key holders sign offline, staff upload; the server keeps
// only the signatures that verify, finalises at two per input, checks, broadcasts, and settles.

const settings = vaultSettings(fixtureVault, { max: 1_000_000n, target: 500_000n });
const [holder1, holder2, holder3] = holderKeyFiles("regtest");
const foreign = fixtureKeyFile("regtest", FOREIGN_MNEMONIC);

let t: TestApp;
let sandbox: SandboxChain;
let staff: TestStaff;

/** Blocks and passes until no sweep or refill is on its way. */
async function settleAll() {
  for (let i = 0; i < 6; i++) {
    await sandbox.node.mine(1);
    const pass = await vaultPass(sandbox, settings);
    if (pass.sweep.outcome === "idle" && (await sandbox.chain.mempoolTxids()).length === 0) return;
  }
  throw new Error("The chain never came to rest");
}

beforeAll(async () => {
  t = await createTestApp({ config: settings });
  sandbox = await startSandboxChain(t);
  staff = await testStaff(t, { name: "Vault Keeper" });
  await earnFees(t, sandbox, sats(300_000n));
  // The hot wallet above its max: the sweep gives the vault its first coins.
  await depositor(t, sandbox, [3_000_000n]);
  expect((await vaultPass(sandbox, settings)).sweep.outcome).toBe("swept");
  await settleAll();
}, 120_000);
afterAll(() => t.close());
afterEach(async () => {
  await settleAll();
  await expectChainBooksBalanced(t);
});

const as = () => ({ cookie: staff.token });

async function startRefill(amountSats: string, reason = "Top up the hot wallet"): Promise<VaultRefill> {
  const res = await postJson(t, apiPaths.admin.vaultRefills, { amountSats, reason }, as());
  expect(res.statusCode, res.body).toBe(201);
  return vaultRefillResponseSchema.parse(res.json()).refill;
}

async function download(refill: VaultRefill): Promise<Transaction> {
  const res = await getJson(t, refill.psbtUrl, as());
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/octet-stream");
  expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="refill-[0-9a-f]{16}.*\.psbt"$/);
  return Transaction.fromPSBT(res.rawPayload);
}

function signed(tx: Transaction, ...files: KeyFile[]): Transaction {
  const copy = Transaction.fromPSBT(tx.toPSBT());
  for (const file of files) signVaultInputs(copy, keyFileMaster(file), bip32Path(file.accountPath));
  return copy;
}

/** The vault coin input 0 spends, as the server's PSBT derives it (its chain and index). */
function spentCoin(tx: Transaction) {
  const input = tx.getInput(0);
  const [step, index] = input.bip32Derivation?.[0]?.[1].path.slice(-2) ?? [];
  const chain = step === 1 ? ("change" as const) : ("receive" as const);
  return {
    output: vaultOutput(fixtureVault, chain, index ?? 0),
    coin: {
      txid: Buffer.from(input.txid ?? []).toString("hex"),
      vout: input.index ?? 0,
      valueSats: input.witnessUtxo?.amount ?? 0n,
      chain,
      index: index ?? 0,
    },
  };
}

const base64 = (tx: Transaction) => Buffer.from(tx.toPSBT()).toString("base64");

function upload(refill: VaultRefill, psbt: string) {
  return postJson(t, apiPaths.admin.vaultRefillSignatures(refill.id), { psbt }, as());
}

async function overview() {
  const res = await getJson(t, apiPaths.admin.vault, as());
  expect(res.statusCode, res.body).toBe(200);
  const body = vaultOverviewSchema.parse(res.json());
  if (!body.configured) throw new Error("no vault");
  return body;
}

const auditOf = (id: string) =>
  t.db
    .select({ action: auditEvents.action, actor: auditEvents.actorUserId })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "vault_refill"), eq(auditEvents.targetId, id)))
    .orderBy(auditEvents.id);

describe("a refill", () => {
  it("is not finalised by one signature; a second key's makes it checked, finalised, broadcast, settled", async () => {
    const before = await overview();
    expect(before.descriptor).toBe(fixtureVault.descriptor);
    expect(BigInt(before.vault.availableSats)).toBeGreaterThan(2_000_000n);
    const refill = await startRefill("400000");
    expect(refill).toMatchObject({ status: "awaiting_signatures", amountSats: "400000", complete: false });
    expect(refill.inputs.map((input) => input.signedBy)).toEqual([[]]);
    expect(refill.change).not.toBeNull();
    expect((await overview()).vault.lockedSats).toBe(refill.inputs[0]?.valueSats);

    const unsigned = await download(refill);
    expect(unsigned.id).toBe(refill.txid);
    const first = await upload(refill, base64(signed(unsigned, holder1)));
    expect(first.statusCode, first.body).toBe(200);
    const once = refillSignaturesResponseSchema.parse(first.json());
    expect(once).toMatchObject({ added: [{ input: 0, key: 1 }], ignored: [], broadcast: null });
    expect(once.refill).toMatchObject({ status: "awaiting_signatures", complete: false });
    expect(once.refill.inputs[0]?.signedBy).toEqual([1]);
    // The same PSBT again adds nothing; the download now carries the first signature.
    const again = refillSignaturesResponseSchema.parse(
      (await upload(refill, base64(signed(unsigned, holder1)))).json(),
    );
    expect(again.added).toEqual([]);
    const soFar = await download(refill);
    expect(validVaultSignatures(soFar, 0, spentCoin(soFar).output).map((key) => key.keyNumber)).toEqual([1]);

    // The second key holder signs the unsigned PSBT on their own: the server combines the two.
    const second = await upload(refill, base64(signed(unsigned, holder3)));
    expect(second.statusCode, second.body).toBe(200);
    const twice = refillSignaturesResponseSchema.parse(second.json());
    expect(twice).toMatchObject({ added: [{ input: 0, key: 3 }], broadcast: "broadcast" });
    expect(twice.refill).toMatchObject({ status: "broadcast", complete: true });
    expect(await sandbox.chain.mempoolTxids()).toContain(refill.txid);
    const onChain = await sandbox.chain.transaction(refill.txid);
    expect(onChain?.outputs.map((output) => [output.address, output.valueSats])).toEqual([
      [refill.hotAddress, 400_000n],
      [refill.change?.address, BigInt(refill.change?.sats ?? 0)],
    ]);

    // A PSBT uploaded once it is broadcast is a replay: refused. So is a cancellation.
    const replay = await upload(refill, base64(signed(unsigned, holder2)));
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.message).toBe(vaultTexts.notAwaiting("broadcast"));
    const cancel = await postJson(
      t,
      apiPaths.admin.vaultRefillCancel(refill.id),
      { reason: "Too late" },
      as(),
    );
    expect(cancel.statusCode).toBe(409);

    await sandbox.node.mine(1);
    const pass = await vaultPass(sandbox, settings);
    expect(pass.refills.settled).toBe(1);
    const res = await getJson(t, apiPaths.admin.vaultRefill(refill.id), as());
    expect(vaultRefillResponseSchema.parse(res.json()).refill).toMatchObject({
      status: "confirmed",
      blockHeight: expect.any(Number),
    });
    const [hotCoin] = await t.db.select().from(hotWalletUtxos).where(eq(hotWalletUtxos.txid, refill.txid));
    expect(hotCoin).toMatchObject({ address: refill.hotAddress, valueSats: 400_000n, chain: 1 });
    expect(await listVaultReserveCoins(t.db)).toContainEqual(
      expect.objectContaining({
        txid: refill.txid,
        status: "available",
        valueSats: BigInt(refill.change?.sats ?? 0),
      }),
    );
    const legs = await t.db
      .select({ kind: ledgerTransfers.kind, amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `refill:${refill.txid}`));
    expect(legs).toEqual([
      { kind: "vault_refill", amount: 400_000n },
      { kind: "miner_fee", amount: BigInt(refill.minerFeeSats) },
    ]);
    expect((await auditOf(refill.id)).map((event) => event.action)).toEqual([
      "vault.refill_started",
      "vault.refill_signed",
      "vault.refill_signed",
      "vault.refill_signed",
      "vault.refill_broadcast",
    ]);
    expect(new Set((await auditOf(refill.id)).map((event) => event.actor))).toEqual(new Set([staff.user.id]));
  });

  it("refuses a foreign key's signature, outputs changed after signing and another descriptor's PSBT", async () => {
    const refill = await startRefill("300000");
    const unsigned = await download(refill);
    const { output: spent, coin } = spentCoin(unsigned);
    const amount = coin.valueSats;

    // A signature by a key that is not one of the vault's three: it never counts.
    const child = keyFileMaster(foreign).derive(`${foreign.accountPath}/0/${coin.index}`);
    if (!child.privateKey || !child.publicKey) throw new Error("no key");
    const digest = unsigned.preimageWitnessV0(0, spent.witnessScript, SigHash.ALL, amount);
    const signature = secp256k1.sign(digest, child.privateKey, { prehash: false, format: "der", lowS: true });
    const foreignSigned = Transaction.fromPSBT(unsigned.toPSBT());
    foreignSigned.updateInput(
      0,
      { partialSig: [[child.publicKey, Uint8Array.from([...signature, SigHash.ALL])]] },
      true,
    );
    const byForeign = await upload(refill, base64(foreignSigned));
    expect(byForeign.statusCode).toBe(400);
    expect(byForeign.json().error.message).toBe(vaultTexts.noValidSignature);

    // Signed, then its outputs changed (more to the hot wallet, less change): another transaction.
    const good = signed(unsigned, holder1);
    const changed = new Transaction();
    changed.addInput(vaultPsbtInput(fixtureVault, coin));
    changed.addOutput({ script: unsigned.getOutput(0).script as Uint8Array, amount: 350_000n });
    changed.addOutput({
      script: unsigned.getOutput(1).script as Uint8Array,
      amount: (unsigned.getOutput(1).amount ?? 0n) - 50_000n,
    });
    changed.updateInput(0, { partialSig: good.getInput(0).partialSig }, true);
    const tampered = await upload(refill, base64(changed));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.message).toBe(vaultTexts.otherTransaction);

    // The same coin and outputs, but the scripts of another descriptor (two of the keys and a stranger's).
    const other: ColdVault = parseVaultDescriptor(
      withChecksum(
        `wsh(sortedmulti(2,${[holder1, holder2, foreign].map((file) => keyFileExpression(file)).join(",")}))`,
      ),
      "regtest",
    );
    const lookalike = new Transaction();
    lookalike.addInput(vaultPsbtInput(other, coin));
    for (let i = 0; i < unsigned.outputsLength; i++) {
      const output = unsigned.getOutput(i);
      lookalike.addOutput({ script: output.script as Uint8Array, amount: output.amount ?? 0n });
    }
    expect(lookalike.id).toBe(refill.txid);
    const otherDescriptor = await upload(refill, base64(signed(lookalike, holder1)));
    expect(otherDescriptor.statusCode).toBe(400);
    expect(otherDescriptor.json().error.message).toBe(vaultTexts.otherDescriptor(0));

    // Not a PSBT at all.
    const garbage = await upload(refill, "bm90IGEgcHNidA==");
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).toBe(vaultTexts.notPsbt);

    // Nothing was kept: cancelled, its coins are free again; a PSBT after that is refused.
    expect((await overview()).refills[0]).toMatchObject({ id: refill.id, inputs: [{ signedBy: [] }] });
    const cancelled = await postJson(
      t,
      apiPaths.admin.vaultRefillCancel(refill.id),
      { reason: "Wrong amount" },
      as(),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(vaultRefillResponseSchema.parse(cancelled.json()).refill.status).toBe("cancelled");
    expect((await overview()).vault.lockedSats).toBe("0");
    const late = await upload(refill, base64(signed(unsigned, holder1, holder2)));
    expect(late.statusCode).toBe(409);
    expect((await auditOf(refill.id)).map((event) => event.action)).toEqual([
      "vault.refill_started",
      "vault.refill_cancelled",
    ]);
    // Other changes to the vault's coin are checked too: a second refill takes the freed coin.
    const next = await startRefill("300000");
    expect(next.inputs.map((input) => input.txid)).toEqual(refill.inputs.map((input) => input.txid));
    await postJson(t, apiPaths.admin.vaultRefillCancel(next.id), { reason: "Not needed" }, as());
  });

  it("is sent again when a reorganisation drops the block holding it, and settles in the new chain", async () => {
    const refill = await startRefill("250000");
    const both = await upload(refill, base64(signed(await download(refill), holder2, holder3)));
    expect(refillSignaturesResponseSchema.parse(both.json()).broadcast).toBe("broadcast");
    await sandbox.node.mine(1);
    await vaultPass(sandbox, settings, { confirmations: 2 });
    expect((await overview()).refills[0]).toMatchObject({ id: refill.id, blockHeight: expect.any(Number) });

    await sandbox.node.reorg(1, { drop: true });
    const undone = await vaultPass(sandbox, settings, { confirmations: 2 });
    expect(undone.refills.rebroadcast).toBe(1);
    expect(await sandbox.chain.mempoolTxids()).toContain(refill.txid);
    expect((await overview()).refills[0]).toMatchObject({ status: "broadcast", blockHeight: null });

    await sandbox.node.mine(2);
    expect((await vaultPass(sandbox, settings, { confirmations: 2 })).refills.settled).toBe(1);
  });

  it("refuses what the vault's coins cannot cover, and an amount below dust", async () => {
    const available = BigInt((await overview()).vault.availableSats);
    const tooMuch = await postJson(
      t,
      apiPaths.admin.vaultRefills,
      { amountSats: available.toString(), reason: "All" },
      as(),
    );
    expect(tooMuch.statusCode).toBe(409);
    // The hot wallet's output is a P2WPKH: dust below 294 sat.
    const dust = await postJson(t, apiPaths.admin.vaultRefills, { amountSats: "293", reason: "Dust" }, as());
    expect(dust.statusCode).toBe(400);
    expect(dust.json().error.fields).toEqual({
      amountSats: "A refill must bring at least 294 sat to the hot wallet.",
    });
  });
});

describe("the vault's addresses", () => {
  it("are the bank's own: a send to one, or to the hot wallet's address a refill pays, is refused", async () => {
    const refill = (await overview()).refills.find((r) => r.status === "confirmed");
    if (refill === undefined) throw new Error("no confirmed refill");
    const customer = await testCustomer(t, { name: "Curious Customer" });
    await sandbox.deposit({ id: customer.user.id }, 50_000n);
    for (const recipient of [
      vaultAddress(fixtureVault, "receive", 0),
      vaultAddress(fixtureVault, "receive", 15),
      vaultAddress(fixtureVault, "change", 3),
      refill.hotAddress,
    ]) {
      const res = await sendRequest(t, customer.token, { recipient, amountSats: "10000" });
      expect(res.statusCode, recipient).toBe(400);
      expect(res.json().error.reason).toBe("ownAddress");
    }
  });
});

describe("without a vault", () => {
  it("the Vault tab says so, and its actions answer 409", async () => {
    const bare = await createTestApp();
    try {
      const keeper = await testStaff(bare, { name: "No Vault Keeper" });
      const tab = await getJson(bare, apiPaths.admin.vault, { cookie: keeper.token });
      expect(tab.json()).toEqual({ configured: false });
      const start = await postJson(
        bare,
        apiPaths.admin.vaultRefills,
        { amountSats: "100000", reason: "Top up" },
        { cookie: keeper.token },
      );
      expect(start.statusCode).toBe(409);
      expect(start.json().error.message).toBe(vaultTexts.notConfigured);
    } finally {
      await bare.close();
    }
  });
});
