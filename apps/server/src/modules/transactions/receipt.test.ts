import { randomBytes } from "node:crypto";
import { apiPaths, epochSummarySchema, receiptSchema, transactionPageSchema } from "@satsbank/shared";
import {
  checkLeaf,
  checkReceipt,
  checkReceiptKey,
  checkRootSignature,
  compareReceiptWithLeaf,
  type EpochFile,
  type LeafFile,
  type ReceiptFile,
  toHex,
} from "@satsbank/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveProofKey } from "../../bitcoin/proof-key.js";
import { chainBlocks } from "../../db/schema/index.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { testStaff } from "../../test/staff-helpers.js";
import { TEST_WALLET_MNEMONIC } from "../../test/test-config.js";
import { BUILD_EPOCH_PATH } from "../proof/index.js";
import { recordDepositSeen } from "./record-transactions.js";

// A customer's signed receipt of one of their transactions (docs/proof-of-reserves.md, "Receipts"): the
// ledger's own balance right after the posting, signed with the bank's proof key, theirs only.

const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
let gina: TestCustomer;
let hal: TestCustomer;
let pendingDepositId: string;
const startSeconds = Math.floor(Date.now() / 1000);

/** Gina's history, oldest first. */
async function history(customer: TestCustomer) {
  const res = await getJson(t, `${apiPaths.transactions.list}?limit=50`, { cookie: customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return transactionPageSchema.parse(res.json()).items.reverse();
}

function receiptOf(customer: TestCustomer | null, id: string) {
  return getJson(t, apiPaths.transactions.receipt(id), customer ? { cookie: customer.token } : {});
}

beforeAll(async () => {
  t = await createTestApp();
  gina = await testCustomer(t, { name: "Gina Receipt", funds: 100_000n });
  hal = await testCustomer(t, { name: "Hal Receipt", funds: 50_000n });
  for (const [from, body] of [
    [gina, { recipient: hal.user.username, amountSats: "10000" }],
    [hal, { recipient: gina.user.username, amountSats: "3000" }],
    [gina, { recipient: OUTSIDE, amountSats: "25000" }],
    [hal, { recipient: gina.user.username, amountSats: "1" }],
  ] as const) {
    const res = await sendRequest(t, from.token, body);
    expect(res.statusCode, res.body).toBe(201);
  }
  const seen = await recordDepositSeen(t.db, {
    userId: gina.user.id,
    amount: 7_000n,
    address: OUTSIDE,
    txid: "ab".repeat(32),
    blockHeight: null,
    at: new Date(),
  });
  pendingDepositId = seen.id;
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

describe("GET /api/transactions/:id/receipt", () => {
  it("answers the withdrawal's receipt as an attachment, signed with the bank's proof key", async () => {
    const withdrawal = (await history(gina)).find(
      (row) => row.counterparty.address === OUTSIDE && row.type === "send",
    );
    if (withdrawal === undefined) throw new Error("no withdrawal in the history");
    const res = await receiptOf(gina, withdrawal.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="satsbank-receipt-${withdrawal.id}.json"`,
    );
    const file = receiptSchema.parse(res.json());
    expect(file).toMatchObject({
      format: "satsbank-receipt/1",
      bank: {
        publicKey: toHex(deriveProofKey(TEST_WALLET_MNEMONIC).publicKey),
        keyPath: "m/7731'/0'",
      },
      receipt: { transactionId: withdrawal.id, type: "send", amount: "-25000", fee: "1000" },
    });
    // 100,000 - 10,000 + 3,000 - (25,000 + its fee of 1,000): the posting's two transfers, both counted.
    expect(file.receipt.balanceAfter).toBe("67000");
    const time = Number(file.receipt.time);
    expect(time).toBeGreaterThanOrEqual(startSeconds);
    expect(time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(checkReceipt(file)).toMatchObject({ ok: true });
    const forged = { ...file, receipt: { ...file.receipt, balanceAfter: "68000" } };
    expect(checkReceipt(forged).ok).toBe(false);
  });

  it("states the ledger's balance after each posting, for every transaction of a customer", async () => {
    const rows = (await history(gina)).filter((row) => row.id !== pendingDepositId);
    expect(rows.map((row) => `${row.type} ${row.amountSats}`)).toEqual([
      "receive 100000",
      "send 10000",
      "receive 3000",
      "send 25000",
      "receive 1",
    ]);
    const receipts = [];
    for (const row of rows) {
      const res = await receiptOf(gina, row.id);
      expect(res.statusCode, res.body).toBe(200);
      receipts.push(receiptSchema.parse(res.json()).receipt);
    }
    expect(receipts.map((receipt) => receipt.balanceAfter)).toEqual([
      "100000",
      "90000",
      "93000",
      "67000",
      "67001",
    ]);
    expect(receipts.map((receipt) => receipt.amount)).toEqual(["100000", "-10000", "3000", "-25000", "1"]);
    expect(new Set(receipts.map((receipt) => receipt.accountId)).size).toBe(1);
    const positions = receipts.map((receipt) => Number(receipt.ledgerPosition));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(positions).size).toBe(positions.length);
    expect(BigInt(receipts.at(-1)?.balanceAfter ?? "")).toBe(await balanceOf(t, gina.token));
  });

  it("is not found for another customer's transaction, as its details are", async () => {
    const halsRow = (await history(hal))[0];
    if (halsRow === undefined) throw new Error("hal has no history");
    const res = await receiptOf(gina, halsRow.id);
    const details = await getJson(t, apiPaths.transactions.one(halsRow.id), { cookie: gina.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(details.json());
    expect((await receiptOf(gina, "not-a-uuid")).statusCode).toBe(404);
    expect((await receiptOf(hal, halsRow.id)).statusCode).toBe(200);
  });

  it("refuses a transaction the ledger has not posted (a deposit waiting for its confirmations)", async () => {
    const res = await receiptOf(gina, pendingDepositId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/no receipt yet: the ledger has not posted it/);
  });

  it("asks a signed-out caller to sign in", async () => {
    const [first] = await history(gina);
    const res = await receiptOf(null, first?.id ?? "");
    expect(res.statusCode).toBe(401);
  });
});

describe("a receipt against the next epoch (as satsbank-verify receipt checks it)", () => {
  it("agrees with the leaf of an epoch built after it, and names a receipt the customer has moved on from", async () => {
    await t.db.insert(chainBlocks).values({
      height: 700,
      hash: toHex(randomBytes(32)),
      previousHash: toHex(randomBytes(32)),
      processedAt: new Date(),
    });
    const staff = await testStaff(t, { name: "Receipt Checker" });
    const built = await postJson(t, BUILD_EPOCH_PATH, {}, { cookie: staff.token });
    expect(built.statusCode, built.body).toBe(201);
    const { epoch } = epochSummarySchema.parse(built.json());
    const fetched = async (url: string) => {
      const res = await getJson(t, url, { cookie: gina.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const epochFile: EpochFile = await fetched(apiPaths.proof.epoch(epoch));
    const leaf: LeafFile = await fetched(apiPaths.proof.mine(epoch));
    expect(checkRootSignature(epochFile).ok).toBe(true);
    expect(checkLeaf(epochFile, leaf).ok).toBe(true);
    const rows = (await history(gina)).filter((row) => row.id !== pendingDepositId);
    const last: ReceiptFile = await fetched(apiPaths.transactions.receipt(rows.at(-1)?.id ?? ""));
    const first: ReceiptFile = await fetched(apiPaths.transactions.receipt(rows[0]?.id ?? ""));
    expect(checkReceiptKey(last, epochFile).ok).toBe(true);
    expect(last.receipt.accountId).toBe(leaf.accountId);

    expect(compareReceiptWithLeaf(last, epochFile, leaf)).toEqual({
      check: {
        ok: true,
        says: `Epoch ${epoch} counts 67001 sat for account ${leaf.accountId}, as the receipt signed after ledger position ${last.receipt.ledgerPosition}`,
      },
    });
    // Her opening balance's receipt: she moved money after it, as the words say.
    const movedOn = compareReceiptWithLeaf(first, epochFile, leaf);
    expect(movedOn).toMatchObject({ check: { ok: false } });
    expect("check" in movedOn && movedOn.check.says).toMatch(
      /^Epoch \d+ counts 67001 sat for account \d+ where the receipt signed 100000 sat after ledger position \d+\. Unless you made a transaction after it/,
    );
  });
});
