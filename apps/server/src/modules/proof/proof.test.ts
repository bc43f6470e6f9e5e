import { randomBytes, randomUUID } from "node:crypto";
import {
  apiPaths,
  type EpochProof,
  epochListSchema,
  epochProofSchema,
  epochSummarySchema,
  type MyLeaf,
  myLeafSchema,
} from "@satsbank/shared";
import {
  type EpochRoot,
  fromHex,
  leafNode,
  rootFromPath,
  toHex,
  verifyRootSignature,
} from "@satsbank/verify";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { deriveProofKey, PROOF_KEY_PATH } from "../../bitcoin/proof-key.js";
import { auditEvents, chainBlocks } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { openCustomerAccounts } from "../../ledger/accounts.js";
import { readCustomerBalances } from "../../ledger/snapshot.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fundFromEquity } from "../../test/fund-from-equity.js";
import { balanceOf, type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { TEST_WALLET_MNEMONIC, testConfig } from "../../test/test-config.js";
import {
  BUILD_EPOCH_PATH,
  buildFirstEpoch,
  NO_BLOCK_YET,
  NO_LEAF,
  NO_SUCH_EPOCH,
  proofSettingsOf,
} from "./index.js";

// Proof of reserves, liabilities (issue 23): staff build an epoch from one snapshot of the ledger and the
// follower's block; anyone reads its signed root; every customer gets their own leaf and path, which
// @satsbank/verify (the code a customer's browser and satsbank-verify run) checks against the root.

let t: TestApp;
let staff: TestStaff;
const BLOCK = { height: 321, hash: toHex(randomBytes(32)) };

beforeEach(async () => {
  t = await createTestApp();
  staff = await testStaff(t, { name: "Proof Keeper" });
});
afterEach(() => t.close());

async function followerReadBlock() {
  await t.db.insert(chainBlocks).values({
    height: BLOCK.height,
    hash: BLOCK.hash,
    previousHash: toHex(randomBytes(32)),
    processedAt: new Date(),
  });
}

async function build(as: { token: string } = staff) {
  const res = await postJson(t, BUILD_EPOCH_PATH, {}, { cookie: as.token });
  expect(res.statusCode, res.body).toBe(201);
  return epochSummarySchema.parse(res.json());
}

async function epochProof(epoch: number): Promise<EpochProof> {
  const res = await getJson(t, apiPaths.proof.epoch(epoch));
  expect(res.statusCode, res.body).toBe(200);
  return epochProofSchema.parse(res.json());
}

async function myLeaf(customer: TestCustomer, epoch: number): Promise<MyLeaf> {
  const res = await getJson(t, apiPaths.proof.mine(epoch), { cookie: customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return myLeafSchema.parse(res.json());
}

function signedRoot(proof: EpochProof): EpochRoot {
  const { root } = proof;
  return {
    epoch: BigInt(root.epoch),
    rootHash: fromHex(root.rootHash, "root hash", 32),
    total: BigInt(root.total),
    leafCount: BigInt(root.leafCount),
    ledgerPosition: BigInt(root.ledgerPosition),
    blockHeight: BigInt(root.blockHeight),
    blockHash: fromHex(root.blockHash, "block hash", 32),
    time: BigInt(root.time),
  };
}

/** What a verifier does with a customer's leaf: recompute it, climb its path, compare with the root. */
function pathLeadsToRoot(leaf: MyLeaf, proof: EpochProof): boolean {
  const node = leafNode({
    salt: fromHex(leaf.salt, "salt", 32),
    accountId: BigInt(leaf.accountId),
    balance: BigInt(leaf.balance),
  });
  const top = rootFromPath(
    node,
    leaf.index,
    leaf.path.map((sibling) => ({ hash: fromHex(sibling.hash, "hash", 32), sum: BigInt(sibling.sum) })),
  );
  return toHex(top.hash) === proof.root.rootHash && top.sum === BigInt(proof.root.total);
}

async function customers() {
  const funded = [
    await testCustomer(t, { name: "Ada Lovelace", funds: 746_000n }),
    await testCustomer(t, { name: "Alan Turing", funds: 150_000_000n }),
    await testCustomer(t, { name: "Grace Hopper", funds: 1n }),
  ];
  // A customer whose ledger account holds nothing: counted all the same.
  const empty = await testCustomer(t, { name: "Zero Balance" });
  await openCustomerAccounts(t.db, [empty.user.id]);
  return [...funded, empty];
}

async function positions(epoch: number): Promise<number[]> {
  const result = await t.db.execute<{ account_id: string }>(
    sql`select account_id::text from proof_leaves where epoch = ${epoch} order by position`,
  );
  return result.rows.map((row) => Number(row.account_id));
}

describe("an epoch of the liabilities tree", () => {
  it("leads every customer's path to the signed root, whose total is the ledger's customer balances", async () => {
    await followerReadBlock();
    const people = await customers();
    const built = await build();
    const ledger = await readCustomerBalances(t.db);
    const ledgerTotal = ledger.accounts.reduce((sum, account) => sum + account.balance, 0n);
    expect(built).toMatchObject({ blockHeight: BLOCK.height, leafCount: 4, total: ledgerTotal.toString() });
    expect(ledgerTotal).toBe(150_746_001n);

    // Public: no session.
    const list = await getJson(t, apiPaths.proof.epochs);
    expect(list.statusCode, list.body).toBe(200);
    expect(epochListSchema.parse(list.json()).epochs).toEqual([built]);
    const proof = await epochProof(built.epoch);
    expect(proof.root).toMatchObject({
      epoch: String(built.epoch),
      total: "150746001",
      leafCount: "4",
      blockHeight: String(BLOCK.height),
      blockHash: BLOCK.hash,
      ledgerPosition: String(ledger.lastTransferId),
    });
    expect(proof.depth).toBe(2);
    const key = deriveProofKey(TEST_WALLET_MNEMONIC);
    expect(proof.bank).toEqual({
      name: testConfig().brandName,
      publicKey: toHex(key.publicKey),
      keyPath: PROOF_KEY_PATH,
    });
    const root = signedRoot(proof);
    expect(verifyRootSignature(root, fromHex(proof.signature, "signature", 64), key.publicKey)).toBe(true);
    // The signature covers the stated facts: another total is not what the bank signed.
    expect(
      verifyRootSignature(
        { ...root, total: root.total - 1n },
        fromHex(proof.signature, "sig", 64),
        key.publicKey,
      ),
    ).toBe(false);

    const salts = new Set<string>();
    for (const person of people) {
      const leaf = await myLeaf(person, built.epoch);
      expect(BigInt(leaf.balance)).toBe(await balanceOf(t, person.token));
      expect(leaf.path).toHaveLength(proof.depth);
      expect(pathLeadsToRoot(leaf, proof)).toBe(true);
      // A balance told one satoshi lower does not reach the root.
      expect(pathLeadsToRoot({ ...leaf, balance: String(BigInt(leaf.balance) + 1n) }, proof)).toBe(false);
      salts.add(leaf.salt);
    }
    expect(salts.size).toBe(people.length);
  });

  it("keeps an epoch as it was after money moves, and orders the leaves anew in the next one", async () => {
    await followerReadBlock();
    const people: TestCustomer[] = [];
    for (let i = 0; i < 24; i++)
      people.push(await testCustomer(t, { name: `Saver ${i}`, funds: BigInt(1000 + i) }));
    const first = await build();
    const before = await myLeaf(people[0] as TestCustomer, first.epoch);
    const proofBefore = await epochProof(first.epoch);

    await fundFromEquity({
      ctx: { db: t.db, clock: systemClock },
      userId: (people[0] as TestCustomer).user.id,
      amount: sats(5_000n),
      idempotencyKey: `later:${randomUUID()}`,
    });
    // The first epoch does not move: its root, and the customer's leaf at the old balance, still verify.
    expect(await epochProof(first.epoch)).toEqual(proofBefore);
    const after = await myLeaf(people[0] as TestCustomer, first.epoch);
    expect(after).toEqual(before);
    expect(after.balance).toBe("1000");
    expect(pathLeadsToRoot(after, proofBefore)).toBe(true);

    const second = await build();
    expect(second.epoch).toBeGreaterThan(first.epoch);
    expect(BigInt(second.total)).toBe(BigInt(first.total) + 5_000n);
    const now = await myLeaf(people[0] as TestCustomer, second.epoch);
    expect(now.balance).toBe("6000");
    expect(now.salt).not.toBe(before.salt);
    expect(pathLeadsToRoot(now, await epochProof(second.epoch))).toBe(true);
    // 24 customers in 32 leaves: the same order twice is a chance of 1 in 24! (and the padding's places).
    const [order1, order2] = [await positions(first.epoch), await positions(second.epoch)];
    expect(order1.filter((id) => id !== 0).sort()).toEqual(order2.filter((id) => id !== 0).sort());
    expect(order2).not.toEqual(order1);
  });
});

describe("who gets what", () => {
  it("gives each customer their own leaf only, and 404 for no leaf or no epoch", async () => {
    await followerReadBlock();
    const [ada, alan] = await customers();
    const noTransferYet = await testCustomer(t, { name: "No Transfer Yet" });
    const { epoch, leafCount } = await build();
    // A customer without a transfer yet is a leaf all the same, at zero (their account opened for it).
    expect(leafCount).toBe(5);
    expect((await myLeaf(noTransferYet, epoch)).balance).toBe("0");
    const late = await testCustomer(t, { name: "Signed Up After" });
    const adaLeaf = await myLeaf(ada as TestCustomer, epoch);
    const alanLeaf = await myLeaf(alan as TestCustomer, epoch);
    expect(adaLeaf.balance).toBe("746000");
    expect(alanLeaf.balance).toBe("150000000");
    expect(alanLeaf.accountId).not.toBe(adaLeaf.accountId);
    expect(alanLeaf.index).not.toBe(adaLeaf.index);

    const none = await getJson(t, apiPaths.proof.mine(epoch), { cookie: late.token });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(NO_LEAF);
    for (const url of [
      apiPaths.proof.epoch(epoch + 1),
      apiPaths.proof.mine(epoch + 1),
      "/api/proof/abc",
      "/api/proof/0",
    ]) {
      const res = await getJson(t, url, { cookie: (ada as TestCustomer).token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe(NO_SUCH_EPOCH);
    }
    // A leaf is a customer's own: signed out 401, staff 403.
    expect((await getJson(t, apiPaths.proof.mine(epoch))).statusCode).toBe(401);
    expect((await getJson(t, apiPaths.proof.mine(epoch), { cookie: staff.token })).statusCode).toBe(403);
  });

  it("lets only staff build an epoch, audited, and refuses one before the follower's first block", async () => {
    const [ada] = await customers();
    const early = await postJson(t, BUILD_EPOCH_PATH, {}, { cookie: staff.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(NO_BLOCK_YET);

    await followerReadBlock();
    expect(
      (await postJson(t, BUILD_EPOCH_PATH, {}, { cookie: (ada as TestCustomer).token })).statusCode,
    ).toBe(403);
    expect((await postJson(t, BUILD_EPOCH_PATH, {})).statusCode).toBe(401);
    const list = await getJson(t, apiPaths.proof.epochs);
    expect(epochListSchema.parse(list.json()).epochs).toEqual([]);

    const built = await build();
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "proof.epoch_built"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: staff.user.id,
      targetType: "proof_epoch",
      targetId: String(built.epoch),
      details: { leafCount: 4, total: "150746001", blockHeight: BLOCK.height },
    });
  });
});

describe("the embedded default's first epoch", () => {
  it("is built once, after the follower's first block, and not again", async () => {
    await customers();
    const ctx = { db: t.db, clock: systemClock, ...proofSettingsOf(testConfig()) };
    expect(await buildFirstEpoch(ctx)).toBeNull();
    await followerReadBlock();
    const first = await buildFirstEpoch(ctx);
    expect(first).toMatchObject({ leafCount: 4, total: "150746001", blockHeight: BLOCK.height });
    expect(await buildFirstEpoch(ctx)).toBeNull();
    const list = epochListSchema.parse((await getJson(t, apiPaths.proof.epochs)).json());
    expect(list.epochs).toEqual([first]);
    // Built by the start, not by staff: nothing in the audit log.
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.action, "proof.epoch_built"))).toEqual(
      [],
    );
  });
});
