import { randomBytes, randomUUID } from "node:crypto";
import { type AdminTransaction, apiPaths, transactionCsvColumns } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROME_LINUX } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectBooksBalanced, sendRequest, testCustomer } from "../../test/money-helpers.js";
import { parseCsv } from "../../test/parse-csv.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { recordPriceReading } from "../prices/index.js";
import { insertWalletTransactions } from "../transactions/queries.js";
import { EXPORT_BATCH } from "./export-transactions.js";

/** A valid regtest address outside the bank (BIP173's P2WPKH example). */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  staff = await testStaff(t, { name: "Ledger Desk" });
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, query, cookies: { satsbank_session: staff.token } });

async function list(query: Record<string, string>): Promise<AdminTransaction[]> {
  const res = await get(apiPaths.admin.transactions, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/**
 * Under one unique word: a payer (whose name a spreadsheet would run as a formula) funded, a transfer to a
 * payee (whose name holds a comma and quotes), a withdrawal (pending, with its fee and address), and a
 * failed receive.
 */
async function someMoney() {
  const tag = `Tx${randomBytes(4).toString("hex").replace(/\d/g, "q")}`;
  const payer = await testCustomer(t, { name: `=HYPERLINK("http://evil") ${tag}`, funds: 100_000n });
  const payee = await testCustomer(t, { name: `Quote "Q", ${tag}` });
  const transfer = await sendRequest(t, payer.token, { recipient: payee.user.username, amountSats: "4000" });
  expect(transfer.statusCode, transfer.body).toBe(201);
  const withdrawal = await sendRequest(t, payer.token, { recipient: OUTSIDE, amountSats: "20000" });
  expect(withdrawal.statusCode, withdrawal.body).toBe(201);
  const failedId = randomUUID();
  await insertWalletTransactions(t.db, [
    {
      id: failedId,
      userId: payee.user.id,
      type: "receive",
      status: "failed",
      amount: 70_000n,
      fee: 0n,
      address: "bcrt1qfailedaddressthatleftthechain0000000",
      createdAt: new Date(),
    },
  ]);
  return {
    tag,
    payer,
    payee,
    transferId: transfer.json().transaction.id,
    withdrawalId: withdrawal.json().transaction.id,
    failedId,
  };
}

describe("GET /api/admin/transactions (Transaction History)", () => {
  it("lists every customer's transactions, newest first, with the user, address, status and fee", async () => {
    const { tag, payer, payee, withdrawalId, failedId } = await someMoney();
    const rows = await list({ q: tag });
    const lines = rows.map((row) => [row.user.id, row.type, row.status, row.amountSats]);
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 2)).toEqual([
      [payee.user.id, "receive", "failed", "70000"],
      [payer.user.id, "send", "pending", "20000"],
    ]);
    // The transfer's two sides share its moment: their order is the ids'.
    expect(lines.slice(2, 4)).toEqual(
      expect.arrayContaining([
        [payee.user.id, "receive", "completed", "4000"],
        [payer.user.id, "send", "completed", "4000"],
      ]),
    );
    expect(lines[4]).toEqual([payer.user.id, "receive", "completed", "100000"]);
    expect(rows[1]).toEqual({
      id: withdrawalId,
      type: "send",
      amountSats: "20000",
      feeSats: "1000",
      status: "pending",
      user: { id: payer.user.id, name: payer.user.name, username: payer.user.username },
      counterparty: { username: null, name: null },
      address: OUTSIDE,
      txid: null,
      createdAt: expect.any(String),
    });
    expect(rows.find((row) => row.type === "send" && row.status === "completed")?.counterparty).toEqual({
      username: payee.user.username,
      name: payee.user.name,
    });
    expect(rows[0]?.id).toBe(failedId);
    await expectBooksBalanced(t.db);
  });

  it("filters by type and status, and finds a user's name, an address, a transaction id or a user id", async () => {
    const { tag, payer, payee, transferId, withdrawalId, failedId } = await someMoney();
    const kinds = (rows: AdminTransaction[]) => rows.map((row) => `${row.type}/${row.status}`);
    expect(kinds(await list({ q: tag, type: "send" }))).toEqual(["send/pending", "send/completed"]);
    expect(kinds(await list({ q: tag, type: "receive" }))).toEqual([
      "receive/failed",
      "receive/completed",
      "receive/completed",
    ]);
    expect((await list({ q: tag, status: "pending" })).map((row) => row.id)).toEqual([withdrawalId]);
    expect((await list({ q: tag, status: "failed" })).map((row) => row.id)).toEqual([failedId]);
    expect(kinds(await list({ q: tag, type: "receive", status: "completed" }))).toEqual([
      "receive/completed",
      "receive/completed",
    ]);
    expect(await list({ q: tag, type: "send", status: "failed" })).toEqual([]);
    // The user's name (any case, anywhere) and username.
    const byName = await list({ q: `quote "q", ${tag.toLowerCase()}` });
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.filter((row) => row.user.id !== payee.user.id)).toEqual([]);
    expect((await list({ q: payer.user.username })).length).toBe(3);
    // An address, in part.
    const byAddress = await list({ q: OUTSIDE.slice(10, 30) });
    expect(byAddress.map((row) => row.id)).toContain(withdrawalId);
    expect(byAddress.every((row) => row.address === OUTSIDE)).toBe(true);
    // A transaction id, exactly, in any case; a user id.
    expect((await list({ q: transferId.toUpperCase() })).map((row) => row.id)).toEqual([transferId]);
    expect((await list({ q: payee.user.id })).map((row) => row.user.id)).toEqual([
      payee.user.id,
      payee.user.id,
    ]);
    expect(await list({ q: `${tag}_` })).toEqual([]);
  });

  it("pages by keyset: every row once, in order, and a cursor it did not make is refused", async () => {
    const { tag } = await someMoney();
    const all = await list({ q: tag });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(apiPaths.admin.transactions, {
        q: tag,
        limit: "2",
        ...(cursor ? { cursor } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((row: AdminTransaction) => row.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.map((row) => row.id));
    const bad = await get(apiPaths.admin.transactions, { cursor: "bm90LWEtY3Vyc29y" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("cursor");
    expect((await get(apiPaths.admin.transactions, { type: "deposit" })).statusCode).toBe(400);
    expect((await get(apiPaths.admin.transactions, { limit: "101" })).statusCode).toBe(400);
  });
});

describe("GET /api/admin/transactions/export.csv", () => {
  it("is the filtered list as an attachment: BTC to 8 decimals, USD at settlement, guarded cells, audited", async () => {
    // Each transaction records the latest recent price reading: 40,000.00 USD, then 50,000.00.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await recordPriceReading(t.db, { readAt: minutesAgo(3), usdCentsPerBtc: 4_000_000n, source: "http" });
    const { tag, payer, payee, transferId, withdrawalId, failedId } = await someMoney();
    await recordPriceReading(t.db, { readAt: minutesAgo(2), usdCentsPerBtc: 5_000_000n, source: "http" });
    const later = await sendRequest(t, payer.token, { recipient: payee.user.username, amountSats: "6000" });
    expect(later.statusCode, later.body).toBe(201);
    const res = await t.app.inject({
      method: "GET",
      url: apiPaths.admin.transactionsExport,
      query: { q: tag, type: "all", status: "all" },
      cookies: { satsbank_session: staff.token },
      remoteAddress: "192.0.2.44",
      headers: { "user-agent": CHROME_LINUX },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="transactions-\d{8}-\d{6}\.csv"$/,
    );
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([...transactionCsvColumns]);
    expect(header?.slice(-3)).toEqual([
      "BTC Price in USD at Settlement",
      "Amount in USD at Settlement",
      "Price Source",
    ]);
    expect(rows.map((row) => row[0])).toEqual((await list({ q: tag })).map((row) => row.id));

    const withdrawal = rows.find((row) => row[0] === withdrawalId);
    expect(withdrawal).toEqual([
      withdrawalId,
      "send",
      "0.00020000",
      "0.00001000",
      "pending",
      payer.user.id,
      // A name that starts like a formula is written as text.
      `'=HYPERLINK("http://evil") ${tag}`,
      payer.user.username,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      OUTSIDE,
      "",
      "",
      // Pending: it has no settlement price yet.
      "",
      "",
      "",
    ]);
    // Two transfers settled at different prices: each row at its own.
    const usd = (id: string) => rows.find((row) => row[0] === id)?.slice(-3);
    expect(usd(transferId)).toEqual(["40000.00", "1.60", "http"]);
    expect(usd(later.json().transaction.id)).toEqual(["50000.00", "3.00", "http"]);
    expect(usd(failedId)).toEqual(["", "", ""]);
    for (const row of rows) {
      expect(row[2]).toMatch(/^\d+\.\d{8}$/);
      expect(row[3]).toMatch(/^\d+\.\d{8}$/);
    }
    // Commas and quotes in a name survive the round trip.
    const payeeRows = rows.filter((row) => row[5] === payee.user.id);
    expect(payeeRows.length).toBeGreaterThan(0);
    expect(new Set(payeeRows.map((row) => row[6]))).toEqual(new Set([payee.user.name]));
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"") ${tag}"`);

    const audit = await get(apiPaths.admin.audit, { action: "transactions.exported", actor: staff.user.id });
    expect(audit.json().items[0]).toMatchObject({
      action: "transactions.exported",
      target: { type: "transactions", id: null },
      ipAddress: "192.0.2.44",
      userAgent: CHROME_LINUX,
      details: { filters: { q: tag, type: "all", status: "all" }, prices: "recorded at settlement" },
    });
  });

  it("streams a list longer than a batch: every row once, newest first", async () => {
    const customer = await testCustomer(t, { name: "Many Rows" });
    const count = EXPORT_BATCH * 2 + 17;
    const start = Date.now() - count * 1000;
    await insertWalletTransactions(
      t.db,
      Array.from({ length: count }, (_, i) => ({
        id: randomUUID(),
        userId: customer.user.id,
        type: "receive" as const,
        status: "completed" as const,
        amount: BigInt(i + 1),
        fee: 0n,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const res = await get(apiPaths.admin.transactionsExport, { q: customer.user.id });
    expect(res.statusCode).toBe(200);
    const [, ...rows] = parseCsv(res.body.slice(1));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[0])).size).toBe(count);
    expect(rows[0]?.[2]).toBe((count / 1e8).toFixed(8));
    expect(rows.at(-1)?.[2]).toBe("0.00000001");
  });
});
