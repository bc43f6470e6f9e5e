import { readFileSync } from "node:fs";
import {
  apiPaths,
  BIP329_IMPORT_MAX_BYTES,
  BIP329_IMPORT_MAX_LINES,
  bip329ImportResultSchema,
  labelMessages,
  textMessages,
} from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeClock, getJson, SESSION_COOKIE } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fingerprint } from "../../test/fingerprint.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { insertConnectedWallet, insertDepositAddress, insertRow } from "../../test/record-rows.js";
import { bip329Reasons } from "./bip329-lines.js";

const example = readFileSync(new URL("./fixtures/bip329-example.jsonl", import.meta.url), "utf8");
const EXAMPLE_TX = "f91d0a8a78462bc59398f2c5d7a84fcff491c26ba54c4833478b202796c8aafd";
const EXAMPLE_TX_2 = "f546156d9044844e02b181026a1a407abfca62e7ea1159f87bbeaa77b4286c74";
const EXAMPLE_ADDR = "bc1q34aq5drpuwy3wgl9lhup9892qp6svr8ldzyy7c";
// What a refused or repeated import may change: the rate limit's count of imports.
const COUNTERS = ["rate_limit_counters"];
const txid = (n: number) => n.toString(16).padStart(64, "0");

let t: TestApp;
const clock = fakeClock(new Date("2030-05-06T23:30:00.000Z"));
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

function importFile(customer: TestCustomer, body: string | Buffer, contentType = "application/jsonl") {
  return t.app.inject({
    method: "POST",
    url: apiPaths.labels.bip329,
    payload: body,
    headers: { "content-type": contentType },
    cookies: { [SESSION_COOKIE]: customer.token },
  });
}

async function imported(customer: TestCustomer, body: string) {
  const res = await importFile(customer, body);
  expect(res.statusCode, res.body).toBe(200);
  return bip329ImportResultSchema.parse(res.json());
}

async function exported(customer: TestCustomer) {
  const res = await getJson(t, apiPaths.labels.bip329, { cookie: customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The lines of a file as objects, `origin` and the other keys Satsbank does not keep left out. */
function records(text: string, types = ["tx", "addr"]) {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line))
    .filter((record) => types.includes(record.type))
    .map(({ type, ref, label }) => ({ type, ref, label }));
}

describe("BIP-329: the example file of the BIP, round trip", () => {
  it("imports its tx and addr records for the customer who owns them, skips the rest, exports the same", async () => {
    const customer = await testCustomer(t, { name: "Round Tripper" });
    await insertRow(t, customer.user.id, { txid: EXAMPLE_TX });
    await insertRow(t, customer.user.id, { txid: EXAMPLE_TX_2 });
    await insertDepositAddress(t, customer.user.id, EXAMPLE_ADDR);

    expect(await imported(customer, example)).toEqual({
      imported: 3,
      skipped: [
        { line: 3, reason: bip329Reasons.notSupported("pubkey") },
        { line: 4, reason: bip329Reasons.notSupported("input") },
        { line: 5, reason: bip329Reasons.notSupported("output") },
        { line: 6, reason: bip329Reasons.notSupported("xpub") },
      ],
    });

    const res = await exported(customer);
    expect(res.headers["content-type"]).toBe("application/jsonl; charset=utf-8");
    // The fake clock's day in UTC names the file.
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="satsbank-labels-2030-05-06.jsonl"',
    );
    expect(res.rawPayload[0]).not.toBe(0xef); // no byte order mark
    expect(res.body.endsWith("\n")).toBe(true);
    expect(records(res.body).sort(byRef)).toEqual(records(example).sort(byRef));
    // Each line is exactly type, ref and label: no origin (Satsbank keeps no descriptor).
    for (const line of res.body.trimEnd().split("\n"))
      expect(Object.keys(JSON.parse(line))).toEqual(["type", "ref", "label"]);

    // Importing the export again changes nothing and skips nothing.
    const before = await fingerprint(t, COUNTERS);
    expect(await imported(customer, res.body)).toEqual({ imported: 3, skipped: [] });
    expect(await fingerprint(t, COUNTERS)).toEqual(before);
  });

  it("skips the example's records for a customer who owns none of them, reporting them as not theirs", async () => {
    const stranger = await testCustomer(t, { name: "Stranger" });
    const result = await imported(stranger, example);
    expect(result.imported).toBe(0);
    expect(result.skipped.filter((s) => [1, 2, 7].includes(s.line))).toEqual([
      { line: 1, reason: bip329Reasons.notTheirsTx },
      { line: 2, reason: bip329Reasons.notTheirsAddr },
      { line: 7, reason: bip329Reasons.notTheirsTx },
    ]);
    expect((await exported(stranger)).body).toBe("");
  });
});

const byRef = (a: { ref: string }, b: { ref: string }) => a.ref.localeCompare(b.ref);

describe("BIP-329 export", () => {
  it("writes one line per labelled txid (labels of rows sharing it joined), deposit address and the wallet", async () => {
    const customer = await testCustomer(t, { name: "Exporter" });
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute));
    const [first, second, third] = [
      await insertRow(t, customer.user.id, { txid: txid(7), at: at(1) }),
      await insertRow(t, customer.user.id, { txid: txid(7), at: at(2) }),
      await insertRow(t, customer.user.id, { txid: txid(7), at: at(3) }),
    ];
    const unlabelled = await insertRow(t, customer.user.id, { txid: txid(8) });
    const internal = await insertRow(t, customer.user.id);
    await insertDepositAddress(t, customer.user.id, "bcrt1qexportaddress0000000001");
    await insertDepositAddress(t, customer.user.id, "bcrt1qexportaddress0000000002");
    await insertConnectedWallet(t, customer.user.id, "bcrt1qexportwallet00000000001");
    const label = (url: string, text: string) =>
      t.app.inject({
        method: "PUT",
        url,
        payload: { label: text },
        cookies: { [SESSION_COOKIE]: customer.token },
      });
    await label(apiPaths.transactions.label(third), "Batch: rent");
    await label(apiPaths.transactions.label(first), "Batch: salary");
    await label(apiPaths.transactions.label(second), "Batch: rent");
    await label(apiPaths.transactions.label(internal), "Lunch with Ann");
    await label(apiPaths.labels.address("bcrt1qexportaddress0000000002"), 'Donations "QR" 🙂');

    // Unlabelled records, the unlabelled wallet and the txid-less transfer are not written.
    expect(unlabelled).toBeDefined();
    expect(records((await exported(customer)).body)).toEqual([
      { type: "tx", ref: txid(7), label: "Batch: salary; Batch: rent" },
      { type: "addr", ref: "bcrt1qexportaddress0000000002", label: 'Donations "QR" 🙂' },
    ]);

    await label(apiPaths.labels.address("bcrt1qexportwallet00000000001"), "Hardware wallet");
    expect(records((await exported(customer)).body).at(-1)).toEqual({
      type: "addr",
      ref: "bcrt1qexportwallet00000000001",
      label: "Hardware wallet",
    });
  });

  it("is for the signed-in customer only", async () => {
    expect((await getJson(t, apiPaths.labels.bip329)).statusCode).toBe(401);
  });
});

describe("BIP-329 import: merging", () => {
  it("labels every row of a txid and the connected wallet, last line wins, in the case the BIP allows", async () => {
    const customer = await testCustomer(t, { name: "Importer" });
    const rows = [
      await insertRow(t, customer.user.id, { txid: txid(21) }),
      await insertRow(t, customer.user.id, { txid: txid(21) }),
    ];
    await insertConnectedWallet(t, customer.user.id, "bcrt1qimportwallet00000000001");
    const file = [
      JSON.stringify({ type: "tx", ref: txid(21).toUpperCase(), label: "First" }),
      JSON.stringify({ type: "tx", ref: txid(21), label: "  Second  " }),
      JSON.stringify({ type: "addr", ref: "BCRT1QIMPORTWALLET00000000001", label: "Cold" }),
    ].join("\r\n");
    expect(await imported(customer, file)).toEqual({ imported: 3, skipped: [] });
    for (const id of rows) {
      const res = await getJson(t, apiPaths.transactions.one(id), { cookie: customer.token });
      expect(res.json().transaction.label).toBe("Second");
    }
    expect(records((await exported(customer)).body)).toEqual([
      { type: "tx", ref: txid(21), label: "Second" },
      { type: "addr", ref: "bcrt1qimportwallet00000000001", label: "Cold" },
    ]);
  });
});

describe("BIP-329 import: hostile files", () => {
  let owner: TestCustomer;
  let attacker: TestCustomer;
  beforeAll(async () => {
    owner = await testCustomer(t, { name: "Owner" });
    attacker = await testCustomer(t, { name: "Attacker" });
    await insertRow(t, owner.user.id, { txid: txid(99) });
    await insertDepositAddress(t, owner.user.id, "bcrt1qownersaddress00000000001");
    await insertRow(t, attacker.user.id, { txid: txid(100) });
  });

  it("skips each bad line with its reason, applies the good ones, and never tells another's txid from none", async () => {
    const lines = [
      "{not json",
      "[1, 2]",
      "null",
      '"tx"',
      JSON.stringify({ ref: txid(100), label: "x" }),
      JSON.stringify({ type: "coin", ref: txid(100), label: "x" }),
      JSON.stringify({ type: "tx", label: "x" }),
      JSON.stringify({ type: "tx", ref: "abc", label: "x" }),
      JSON.stringify({ type: "addr", ref: "not an address!", label: "x" }),
      JSON.stringify({ type: "tx", ref: txid(100) }),
      JSON.stringify({ type: "tx", ref: txid(100), label: "   " }),
      JSON.stringify({ type: "tx", ref: txid(100), label: "z".repeat(256) }),
      JSON.stringify({ type: "tx", ref: txid(100), label: "\u202eevil" }),
      JSON.stringify({ type: "tx", ref: txid(100), label: "half \ud800" }),
      JSON.stringify({ type: "tx", ref: txid(99), label: "Stolen?" }),
      JSON.stringify({ type: "tx", ref: txid(12345), label: "Unknown" }),
      JSON.stringify({ type: "addr", ref: "bcrt1qownersaddress00000000001", label: "Stolen?" }),
      "",
      JSON.stringify({ type: "tx", ref: txid(100), label: "Mine" }),
    ];
    const before = await exported(owner);
    expect(await imported(attacker, lines.join("\n"))).toEqual({
      imported: 1,
      skipped: [
        { line: 1, reason: bip329Reasons.notJson },
        { line: 2, reason: bip329Reasons.notObject },
        { line: 3, reason: bip329Reasons.notObject },
        { line: 4, reason: bip329Reasons.notObject },
        { line: 5, reason: bip329Reasons.noType },
        { line: 6, reason: bip329Reasons.unknownType },
        { line: 7, reason: bip329Reasons.noRef },
        { line: 8, reason: bip329Reasons.notTxid },
        { line: 9, reason: bip329Reasons.notAddress },
        { line: 10, reason: bip329Reasons.noLabel },
        { line: 11, reason: bip329Reasons.noLabel },
        { line: 12, reason: labelMessages.tooLong },
        { line: 13, reason: textMessages.hostile },
        { line: 14, reason: textMessages.unpairedSurrogate },
        // Another customer's txid and an unknown one: the same answer.
        { line: 15, reason: bip329Reasons.notTheirsTx },
        { line: 16, reason: bip329Reasons.notTheirsTx },
        { line: 17, reason: bip329Reasons.notTheirsAddr },
      ],
    });
    expect((await exported(owner)).body).toBe(before.body);
    expect(records((await exported(attacker)).body)).toEqual([{ type: "tx", ref: txid(100), label: "Mine" }]);
  });

  it("refuses a file over the limit (10 MB) with 413 and a clear message, changing nothing", async () => {
    const before = await fingerprint(t, COUNTERS);
    const line = `${JSON.stringify({ type: "tx", ref: txid(100), label: "Flood" })}\n`;
    const tenMegabytes = line.repeat(Math.ceil((10 * 1024 * 1024) / line.length));
    const res = await importFile(attacker, tenMegabytes);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: "A label file may be at most 1 MB" },
    });
    const justOver = await importFile(attacker, "x".repeat(BIP329_IMPORT_MAX_BYTES + 1));
    expect(justOver.statusCode).toBe(413);
    expect(await fingerprint(t, COUNTERS)).toEqual(before);
  });

  it("refuses a file of more lines than allowed, changing nothing; takes the most allowed", async () => {
    const before = await fingerprint(t, COUNTERS);
    const res = await importFile(attacker, "{}\n".repeat(BIP329_IMPORT_MAX_LINES + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("A label file may hold at most 10,000 lines");
    expect(await fingerprint(t, COUNTERS)).toEqual(before);

    // 99 bytes a line: 10,000 of them stay under the size limit.
    const line = `${JSON.stringify({ type: "tx", ref: txid(100), label: "a" })}\n`;
    const result = await imported(attacker, line.repeat(BIP329_IMPORT_MAX_LINES));
    expect(result).toEqual({ imported: BIP329_IMPORT_MAX_LINES, skipped: [] });
  });

  it("refuses other content types and bytes that are no UTF-8, changing nothing", async () => {
    const before = await fingerprint(t, COUNTERS);
    const good = JSON.stringify({ type: "tx", ref: txid(100), label: "Typed" });
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await importFile(attacker, good, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.message, type).toBe(
        "Send the file's text as JSON Lines (Content-Type: application/jsonl).",
      );
    }
    // A JSON string would parse to text: refused all the same.
    expect((await importFile(attacker, JSON.stringify(good), "application/json")).statusCode).toBe(415);
    const notUtf8 = Buffer.concat([
      Buffer.from('{"type":"tx","ref":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    const res = await importFile(attacker, notUtf8);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("The label file is not valid UTF-8 text.");
    // Cross-site: refused before anything is read.
    const crossSite = await t.app.inject({
      method: "POST",
      url: apiPaths.labels.bip329,
      payload: good,
      headers: { "content-type": "application/jsonl", origin: "https://evil.example" },
      cookies: { [SESSION_COOKIE]: attacker.token },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await fingerprint(t, COUNTERS)).toEqual(before);
    // An empty file: nothing to merge, nothing skipped.
    expect(await imported(attacker, "")).toEqual({ imported: 0, skipped: [] });
    // application/x-ndjson, JSON Lines' older name, is taken.
    expect((await importFile(attacker, good, "application/x-ndjson")).statusCode).toBe(200);
  });
});
