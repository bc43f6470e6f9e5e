import { randomUUID } from "node:crypto";
import { apiPaths, customerCsvColumns, customerExportRowSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH } from "../../domain/export.js";
import { fakeClock, getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { parseCsv } from "../../test/parse-csv.js";
import { insertWalletTransactions, type NewWalletTransaction } from "./queries.js";

let t: TestApp;
let ana: TestCustomer;
let ben: TestCustomer;
const clock = fakeClock(new Date("2031-02-03T04:05:06.789Z"));
const TXID = "ab".repeat(32);
const ids = { rent: randomUUID(), groceries: randomUUID(), pending: randomUUID(), noPrice: randomUUID() };

function row(customer: TestCustomer, values: Partial<NewWalletTransaction>): NewWalletTransaction {
  return {
    id: randomUUID(),
    userId: customer.user.id,
    type: "receive",
    status: "completed",
    amount: 1n,
    createdAt: new Date("2030-01-01T00:00:00Z"),
    ...values,
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  ana = await testCustomer(t, { name: "Ana Exporter" });
  ben = await testCustomer(t, { name: "Ben Bystander" });
  // Rows written directly: their prices at settlement, labels and times are the test's own.
  await insertWalletTransactions(t.db, [
    row(ana, {
      id: ids.rent,
      amount: 150_000n,
      counterpartyUsername: "bob",
      counterpartyName: "Bob Builder",
      note: "=cmd|' /C calc'!A0",
      label: "+rent, January",
      createdAt: new Date("2030-01-15T12:00:00Z"),
      settledUsdCentsPerBtc: 4_238_957n,
      settledPriceSource: "http",
      settledPriceReadAt: new Date("2030-01-15T12:00:01Z"),
    }),
    row(ana, {
      id: ids.groceries,
      type: "send",
      amount: 20_000n,
      fee: 1_000n,
      address: "bcrt1qexportaddress",
      txid: TXID,
      label: "groceries",
      createdAt: new Date("2030-07-15T12:00:00Z"),
      settledUsdCentsPerBtc: 5_000_000n,
      settledPriceSource: "fixed",
      settledPriceReadAt: new Date("2030-07-15T12:00:00Z"),
    }),
    // Pending: its price at creation is recorded, but the dollars are at settlement, so they are empty.
    row(ana, {
      id: ids.pending,
      type: "send",
      status: "pending",
      amount: 5_000n,
      counterpartyUsername: "carol",
      createdAt: new Date("2030-11-03T06:30:00Z"),
      createdUsdCentsPerBtc: 6_000_000n,
      createdPriceSource: "http",
      createdPriceReadAt: new Date("2030-11-03T06:30:00Z"),
    }),
    row(ana, {
      id: ids.noPrice,
      amount: 1_000n,
      createdAt: new Date("2029-12-31T23:30:00Z"),
      settledPriceSource: "unavailable",
      settledPriceReadAt: new Date("2029-12-31T23:30:00Z"),
    }),
    row(ben, { amount: 7n, label: "groceries", counterpartyUsername: "bob", note: "ben's own" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function exportOf(customer: TestCustomer, query: Record<string, string>) {
  const url = `${apiPaths.transactions.export}?${new URLSearchParams(query)}`;
  return getJson(t, url, { cookie: customer.token });
}

async function csvOf(customer: TestCustomer, query: Record<string, string> = {}) {
  const res = await exportOf(customer, { format: "csv", ...query });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(res.body.slice(1));
  expect(header).toEqual([...customerCsvColumns]);
  return rows;
}

const idsOf = (rows: string[][]) => rows.map((cells) => cells.at(-1));

describe("GET /api/transactions/export (CSV)", () => {
  it("is the customer's history, newest first, as a dated attachment with every column", async () => {
    const res = await exportOf(ana, {});
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="transactions-20310203-040506.csv"',
    );
    const rows = await csvOf(ana);
    expect(idsOf(rows)).toEqual([ids.pending, ids.groceries, ids.rent, ids.noPrice]);
    expect(rows[0]).toEqual([
      "2030-11-03 06:30:00+00:00",
      "send",
      "-0.00005000",
      "-5000",
      "0.00000000",
      "0",
      "",
      "",
      "",
      "'@carol",
      "",
      "",
      "pending",
      "",
      "",
      ids.pending,
    ]);
    expect(rows[1]).toEqual([
      "2030-07-15 12:00:00+00:00",
      "send",
      "-0.00020000",
      "-20000",
      "0.00001000",
      "1000",
      "-10.00",
      "50000.00",
      "fixed",
      "",
      "bcrt1qexportaddress",
      TXID,
      "completed",
      "",
      "groceries",
      ids.groceries,
    ]);
    // 150,000 sats at $42,389.57 is $63.584355: $63.58. The note and label that start a formula are text.
    expect(rows[2]).toEqual([
      "2030-01-15 12:00:00+00:00",
      "receive",
      "0.00150000",
      "150000",
      "0.00000000",
      "0",
      "63.58",
      "42389.57",
      "http",
      "Bob Builder (@bob)",
      "",
      "",
      "completed",
      "'=cmd|' /C calc'!A0",
      "'+rent, January",
      ids.rent,
    ]);
    // Settled while no price could be had: the source says so, the dollars are empty.
    expect(rows[3]?.slice(6, 9)).toEqual(["", "", "unavailable"]);
  });

  it("writes each date in the asked time zone with its offset, across daylight saving", async () => {
    const dates = async (timeZone: string) => (await csvOf(ana, { timeZone })).map((cells) => cells[0]);
    expect(await dates("Europe/Paris")).toEqual([
      "2030-11-03 07:30:00+01:00",
      "2030-07-15 14:00:00+02:00",
      "2030-01-15 13:00:00+01:00",
      "2030-01-01 00:30:00+01:00",
    ]);
    expect(await dates("America/New_York")).toEqual([
      "2030-11-03 01:30:00-05:00",
      "2030-07-15 08:00:00-04:00",
      "2030-01-15 07:00:00-05:00",
      "2029-12-31 18:30:00-05:00",
    ]);
  });

  it("refuses a time zone it does not know, with the schema's message", async () => {
    const res = await exportOf(ana, { timeZone: "Mars/Olympus_Mons" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: "VALIDATION_ERROR", fields: { timeZone: "Unknown time zone" } },
    });
  });

  it("filters and searches as the history does (the label, the counterparty, the address)", async () => {
    expect(idsOf(await csvOf(ana, { filter: "sent" }))).toEqual([ids.pending, ids.groceries]);
    expect(idsOf(await csvOf(ana, { filter: "received" }))).toEqual([ids.rent, ids.noPrice]);
    expect(idsOf(await csvOf(ana, { q: "groceries" }))).toEqual([ids.groceries]);
    expect(idsOf(await csvOf(ana, { q: "builder BOB" }))).toEqual([ids.rent]);
    expect(idsOf(await csvOf(ana, { q: "exportaddress", filter: "received" }))).toEqual([]);
    expect(idsOf(await csvOf(ana, { q: "nothing-like-it" }))).toEqual([]);
  });

  it("never holds another customer's rows", async () => {
    const rows = await csvOf(ben, { q: "groceries" });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[13]).toBe("ben's own");
    expect(idsOf(await csvOf(ana))).not.toContain(rows[0]?.at(-1));
  });

  it("is for a signed-in customer only", async () => {
    const res = await getJson(t, apiPaths.transactions.export);
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/transactions/export (JSON)", () => {
  it("is one array of rows that each parse as customerExportRowSchema, as the CSV's", async () => {
    const res = await exportOf(ana, { format: "json", timeZone: "Europe/Paris" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="transactions-20310203-040506.json"',
    );
    const rows = customerExportRowSchema.array().parse(res.json());
    expect(rows.map((entry) => entry.transactionId)).toEqual([
      ids.pending,
      ids.groceries,
      ids.rent,
      ids.noPrice,
    ]);
    expect(rows[2]).toEqual({
      dateTime: "2030-01-15T13:00:00+01:00",
      type: "receive",
      amountBtc: "0.00150000",
      amountSats: "150000",
      feeBtc: "0.00000000",
      feeSats: "0",
      usdAtSettlement: "63.58",
      usdPerBtcAtSettlement: "42389.57",
      priceSource: "http",
      counterparty: "Bob Builder (@bob)",
      address: null,
      txid: null,
      status: "completed",
      // JSON is not opened by a spreadsheet: the text is the customer's, as written.
      note: "=cmd|' /C calc'!A0",
      label: "+rent, January",
      transactionId: ids.rent,
    });
    expect(rows[0]).toMatchObject({ usdAtSettlement: null, usdPerBtcAtSettlement: null, priceSource: null });
    expect(rows[1]).toMatchObject({ amountSats: "-20000", usdAtSettlement: "-10.00" });
  });

  it("is an empty array when nothing matches", async () => {
    const res = await exportOf(ana, { format: "json", q: "nothing-like-it" });
    expect(res.json()).toEqual([]);
  });
});

describe("a history longer than a batch", () => {
  it("exports every row once, newest first, in both formats", async () => {
    const many = await testCustomer(t, { name: "Many Rows" });
    const count = EXPORT_BATCH * 2 + 17;
    const start = Date.parse("2030-05-01T00:00:00Z");
    // Three rows share each second: the keyset must still neither repeat nor skip one at a batch's edge.
    await insertWalletTransactions(
      t.db,
      Array.from({ length: count }, (_, i) =>
        row(many, { amount: BigInt(i + 1), createdAt: new Date(start + Math.floor(i / 3) * 1000) }),
      ),
    );
    const rows = await csvOf(many);
    expect(rows).toHaveLength(count);
    expect(new Set(idsOf(rows)).size).toBe(count);
    const times = rows.map((cells) => cells[0] ?? "");
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(rows.slice(0, 3).map((cells) => cells[3]))).toEqual(
      new Set([`${count}`, `${count - 1}`, `${count - 2}`]),
    );

    const json = customerExportRowSchema.array().parse((await exportOf(many, { format: "json" })).json());
    expect(json.map((entry) => entry.transactionId)).toEqual(idsOf(rows));
  });
});
