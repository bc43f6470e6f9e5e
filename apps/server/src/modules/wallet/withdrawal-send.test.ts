import { apiPaths, insufficientFundsText, sendErrors } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  quoteRequest,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";

// Sends to an address outside the bank, through the API: what the customer is told and what it costs.
// The payout on the chain is the worker's (modules/withdrawals/withdrawals.test.ts).

/**
 * A valid regtest address outside the bank (BIP173's P2WPKH example). Not the BIP84 vectors' first
 * address: with the test mnemonic that one is the bank's own next receive address, which a send refuses.
 */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
let carol: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  carol = await testCustomer(t, { name: "Carol Withdrawer", funds: 100_000n });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

async function count(table: "withdrawals" | "wallet_transactions" | "ledger_transfers"): Promise<number> {
  const result = await t.db.execute<{ n: string }>(
    sql`select count(*)::text as n from ${sql.identifier(table)}`,
  );
  return Number(result.rows[0]?.n);
}

describe("a send to an outside address (a withdrawal)", () => {
  it("is quoted with the network fee and the total (amount + fee)", async () => {
    const res = await quoteRequest(t, carol.token, { recipient: OUTSIDE, amountSats: "25000" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: "withdrawal",
      payee: null,
      address: OUTSIDE,
      amountSats: "25000",
      feeSats: "1000",
      totalSats: "26000",
      // The embedded default holds no new address; 25,000 sat is far below the review amount.
      withdrawal: { holdHours: null, approvalsNeeded: 0 },
    });
    const summary = await getJson(t, apiPaths.wallet.summary, { cookie: carol.token });
    expect(summary.json()).toMatchObject({ balanceSats: "100000", withdrawalFeeSats: "1000" });
  });

  it("can move at most the balance less the fee, and not less than the dust limit", async () => {
    const tooMuch = await quoteRequest(t, carol.token, { recipient: OUTSIDE, amountSats: "99001" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      error: { reason: "insufficientFunds", fields: { amount: insufficientFundsText(99_000n, 1_000n) } },
    });
    // The specification's sentence, then the fee that comes out of the balance too.
    expect(tooMuch.json().error.fields.amount).toBe(
      "You can only send up to 0.00099000 BTC (after the 0.00001000 BTC network fee)",
    );
    const dust = await quoteRequest(t, carol.token, { recipient: OUTSIDE, amountSats: "293" });
    expect(dust.json()).toMatchObject({
      error: {
        reason: "belowDust",
        fields: { amount: "The smallest amount you can send to this address is 0.00000294 BTC" },
      },
    });
    expect((await quoteRequest(t, carol.token, { recipient: OUTSIDE, amountSats: "99000" })).statusCode).toBe(
      200,
    );
  });

  it("takes down to each address type's own dust limit, and says that limit below it", async () => {
    // Regtest addresses outside the bank: a P2WPKH (OUTSIDE), a P2TR (BIP-350's vector program), a P2SH
    // and a P2PKH.
    for (const [recipient, limit, text] of [
      [OUTSIDE, 294n, "0.00000294"],
      ["bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6", 330n, "0.00000330"],
      ["2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc", 540n, "0.00000540"],
      ["mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", 546n, "0.00000546"],
    ] as const) {
      const below = await quoteRequest(t, carol.token, { recipient, amountSats: String(limit - 1n) });
      expect(below.statusCode, recipient).toBe(400);
      expect(below.json().error, recipient).toMatchObject({
        reason: "belowDust",
        fields: { amount: `The smallest amount you can send to this address is ${text} BTC` },
      });
      const at = await quoteRequest(t, carol.token, { recipient, amountSats: String(limit) });
      expect(at.statusCode, `${recipient}: ${at.body}`).toBe(200);
    }
  });

  it("refuses a bech32 address in mixed case as it refuses a bad checksum", async () => {
    const mixed = `${OUTSIDE.slice(0, 10)}${OUTSIDE.slice(10).toUpperCase()}`;
    for (const recipient of [mixed, `B${OUTSIDE.slice(1)}`]) {
      const res = await quoteRequest(t, carol.token, { recipient, amountSats: "1000" });
      expect(res.statusCode, recipient).toBe(400);
      expect(res.json().error, recipient).toMatchObject({
        reason: "invalidAddress",
        fields: { recipient: sendErrors.invalidAddress.text },
      });
    }
    const upper = await quoteRequest(t, carol.token, {
      recipient: OUTSIDE.toUpperCase(),
      amountSats: "1000",
    });
    expect(upper.json()).toMatchObject({ kind: "withdrawal", address: OUTSIDE });
  });

  it("refuses a mistyped address and moves nothing", async () => {
    const before = await Promise.all([
      count("withdrawals"),
      count("wallet_transactions"),
      count("ledger_transfers"),
    ]);
    for (const recipient of [
      "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppx",
      "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cpp",
      "2NBFNJTktNa7GZusGbDbGKRZTxdK9VVez3n0",
    ]) {
      const res = await sendRequest(t, carol.token, { recipient, amountSats: "1000" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { reason: "invalidAddress", fields: { recipient: sendErrors.invalidAddress.text } },
      });
    }
    const mainnet = await sendRequest(t, carol.token, {
      recipient: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      amountSats: "1000",
    });
    expect(mainnet.json()).toMatchObject({ error: { reason: "otherNetworkAddress" } });
    expect(
      await Promise.all([count("withdrawals"), count("wallet_transactions"), count("ledger_transfers")]),
    ).toEqual(before);
    expect(await balanceOf(t, carol.token)).toBe(100_000n);
  });

  it("takes amount + fee at once and shows a pending send; the same key again is the same send", async () => {
    const key = crypto.randomUUID();
    const res = await sendRequest(t, carol.token, {
      recipient: OUTSIDE,
      amountSats: "30000",
      note: "To my hardware wallet",
      idempotencyKey: key,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { transaction } = res.json();
    expect(transaction).toMatchObject({
      type: "send",
      status: "pending",
      amountSats: "30000",
      feeSats: "1000",
      counterparty: { username: null, name: null, address: OUTSIDE },
      note: "To my hardware wallet",
      txid: null,
      confirmations: null,
    });
    expect(await balanceOf(t, carol.token)).toBe(69_000n);
    const again = await sendRequest(t, carol.token, {
      recipient: OUTSIDE.toUpperCase(),
      amountSats: "30000",
      note: "To my hardware wallet",
      idempotencyKey: key,
    });
    expect(again.json().transaction.id).toBe(transaction.id);
    expect(await balanceOf(t, carol.token)).toBe(69_000n);
    expect(await count("withdrawals")).toBe(1);
  });

  it("is refused when the fee leaves too little: the balance less the fee is all that can go", async () => {
    const res = await sendRequest(t, carol.token, { recipient: OUTSIDE, amountSats: "69000" });
    expect(res.json()).toMatchObject({ error: { reason: "insufficientFunds" } });
    expect((await sendRequest(t, carol.token, { recipient: OUTSIDE, amountSats: "68000" })).statusCode).toBe(
      201,
    );
    expect(await balanceOf(t, carol.token)).toBe(0n);
  });
});

describe("a withdrawal of a P2WPKH's dust limit", () => {
  it("is sent like any other: 294 sat, below the 546 sat of a P2PKH", async () => {
    const dana = await testCustomer(t, { name: "Dana Small", funds: 10_000n });
    const sent = await sendRequest(t, dana.token, { recipient: OUTSIDE, amountSats: "294" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().transaction).toMatchObject({ amountSats: "294", status: "pending" });
    expect(await balanceOf(t, dana.token)).toBe(10_000n - 294n - 1_000n);
  });
});
