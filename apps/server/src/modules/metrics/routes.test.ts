import { randomUUID } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { apiPaths } from "@satsbank/shared";
import { p2wpkh } from "@scure/btc-signer";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import { networkParams } from "../../bitcoin/network.js";
import type { AppConfig } from "../../config/config.js";
import { getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { sendRequest, testCustomer } from "../../test/money-helpers.js";
import { startSandboxChain } from "../../test/sandbox-chain.js";
import { runPass } from "../../worker/chain-worker.js";
import { syncChain } from "../chain/index.js";
import { metricsLoopbackText } from "./routes.js";

const TOKEN = "metrics-token-0123456789abcdefghijklmnop";
const open: AppConfig["metrics"] = { enabled: true, token: null };

/** An outside address of the regtest network: a key nobody at the bank holds. */
function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

type Scrape = { lines: string[]; value(name: string, labels?: Record<string, string>): number | undefined };

/** The exposition parsed strictly: every line a HELP, a TYPE or `name{labels} value`. */
function parseExposition(text: string): Scrape {
  expect(text.endsWith("\n")).toBe(true);
  const lines = text.slice(0, -1).split("\n");
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of lines) {
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta !== null) {
      if (meta[1] === "TYPE") {
        expect(["counter", "gauge", "histogram"]).toContain(meta[3]);
        typed.add(meta[2] as string);
      }
      continue;
    }
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$/.exec(line);
    expect(sample, `not a sample line: ${line}`).not.toBeNull();
    const [, name, labels = "", value] = sample as RegExpExecArray;
    const family = (name as string).replace(/_(bucket|sum|count)$/, "");
    expect(typed.has(name as string) || typed.has(family), `${name} has no TYPE line before it`).toBe(true);
    expect(Number.isNaN(Number(value)) && value !== "NaN").toBe(false);
    samples.set(`${name}${labels}`, Number(value));
  }
  return {
    lines,
    value(name, labels = {}) {
      const text = Object.entries(labels)
        .map(([key, value]) => `${key}="${value}"`)
        .join(",");
      return samples.get(text === "" ? name : `${name}{${text}}`);
    },
  };
}

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await t.app.inject({ url: "/metrics", remoteAddress: "127.0.0.1", headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parseExposition(res.body);
}

describe("GET /metrics: who may read it", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("is not served by default (a JSON 404, never the web app)", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("without a token, answers loopback clients only", async () => {
    t = await createTestApp({ config: { metrics: open } });
    for (const remoteAddress of ["127.0.0.1", "::1"]) {
      expect((await t.app.inject({ url: "/metrics", remoteAddress })).statusCode).toBe(200);
    }
    for (const remoteAddress of ["203.0.113.7", "10.0.0.5"]) {
      const res = await t.app.inject({ url: "/metrics", remoteAddress });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain("satsbank_");
    }
  });

  it("without a token, refuses a loopback client that names another host (DNS rebinding)", async () => {
    t = await createTestApp({ config: { metrics: open, publicUrl: "http://bank.test" } });
    for (const host of ["attacker.example", "bank.test"]) {
      const res = await t.app.inject({ url: "/metrics", remoteAddress: "127.0.0.1", headers: { host } });
      expect(res.statusCode, host).toBe(403);
      expect(res.json().error.message).toBe(metricsLoopbackText);
    }
  });

  it("with METRICS_TOKEN, answers the scraper whatever host it names (its target's address)", async () => {
    t = await createTestApp({ config: { metrics: { enabled: true, token: TOKEN }, nodeEnv: "production" } });
    const headers = { host: "api-1.internal:3000", authorization: `Bearer ${TOKEN}` };
    const res = await t.app.inject({ url: "/metrics", remoteAddress: "10.0.0.9", headers });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("with METRICS_TOKEN, asks every client for it, loopback too", async () => {
    t = await createTestApp({ config: { metrics: { enabled: true, token: TOKEN } } });
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({
        url: "/metrics",
        remoteAddress: "127.0.0.1",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    }
    const res = await t.app.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.7",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /metrics: the figures", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: open } });
  });
  afterAll(() => t.close());

  it("parses as the text format, with the process basics", async () => {
    const figures = await scrape(t);
    expect(figures.value("process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(figures.value("process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(figures.value("nodejs_version_info", { version: process.version })).toBe(1);
    expect(figures.value("satsbank_database_up")).toBe(1);
  });

  it("counts requests by routed pattern and status class, never by raw URL", async () => {
    const before = await scrape(t);
    const ok = { method: "GET", route: "/api/meta", status_class: "2xx" };
    for (let i = 0; i < 3; i++) expect((await getJson(t, "/api/meta")).statusCode).toBe(200);
    const unknownId = randomUUID();
    const signedOut = await getJson(t, apiPaths.transactions.one(unknownId));
    expect(signedOut.statusCode).toBe(401);
    await getJson(t, `/api/no-such-route/${unknownId}`);

    const after = await scrape(t);
    expect(
      (after.value("satsbank_http_requests_total", ok) ?? 0) -
        (before.value("satsbank_http_requests_total", ok) ?? 0),
    ).toBe(3);
    expect(
      after.value("satsbank_http_requests_total", {
        method: "GET",
        route: "/api/transactions/:transactionId",
        status_class: "4xx",
      }),
    ).toBe(1);
    expect(
      after.value("satsbank_http_requests_total", { method: "GET", route: "unmatched", status_class: "4xx" }),
    ).toBe(1);
    expect(after.lines.join("\n")).not.toContain(unknownId);
    // The latency histogram of the same route: cumulative buckets up to +Inf, which equals the count.
    const count = after.value("satsbank_http_request_duration_seconds_count", {
      method: "GET",
      route: "/api/meta",
    });
    expect(count).toBeGreaterThanOrEqual(3);
    expect(
      after.value("satsbank_http_request_duration_seconds_bucket", {
        method: "GET",
        route: "/api/meta",
        le: "+Inf",
      }),
    ).toBe(count);
  });

  it("counts a ledger posting and the satoshis it moved", async () => {
    const payer = await testCustomer(t, { name: "Metric Payer", funds: 50_000n });
    const payee = await testCustomer(t, { name: "Metric Payee" });
    const before = await scrape(t);
    const kind = { kind: "customer_transfer" };
    const res = await sendRequest(t, payer.token, { recipient: payee.user.username, amountSats: "1234" });
    expect(res.statusCode, res.body).toBe(201);

    const after = await scrape(t);
    expect(
      (after.value("satsbank_ledger_postings_total") ?? 0) -
        (before.value("satsbank_ledger_postings_total") ?? 0),
    ).toBe(1);
    expect(
      (after.value("satsbank_ledger_transfers_total", kind) ?? 0) -
        (before.value("satsbank_ledger_transfers_total", kind) ?? 0),
    ).toBe(1);
    expect(
      (after.value("satsbank_ledger_transferred_sats_total", kind) ?? 0) -
        (before.value("satsbank_ledger_transferred_sats_total", kind) ?? 0),
    ).toBe(1234);
    expect(after.value("satsbank_ledger_balance_sats", { account_kind: "customer" })).toBe(
      before.value("satsbank_ledger_balance_sats", { account_kind: "customer" }),
    );
  });
});

describe("GET /metrics: the chain follower", () => {
  it("reports its height, the backend's tip, the lag between them, and pending withdrawals", async () => {
    // The app reads the sandbox node kept in its own database (CHAIN_BACKEND=sandbox), which the test drives.
    const t = await createTestApp({ config: { metrics: open } });
    try {
      const before = await scrape(t);
      expect(before.value("satsbank_chain_follower_height")).toBeUndefined();
      expect(before.value("satsbank_withdrawals_pending", { status: "queued" })).toBe(0);

      const sandbox = await startSandboxChain(t);
      await syncChain(sandbox.context());
      const tip = await sandbox.chain.tip();
      const synced = await scrape(t);
      expect(synced.value("satsbank_chain_backend_up")).toBe(1);
      expect(synced.value("satsbank_chain_follower_height")).toBe(tip.height);
      expect(synced.value("satsbank_chain_tip_height")).toBe(tip.height);
      expect(synced.value("satsbank_chain_lag_blocks")).toBe(0);

      await sandbox.node.mine(3);
      const behind = await scrape(t);
      expect(behind.value("satsbank_chain_follower_height")).toBe(tip.height);
      expect(behind.value("satsbank_chain_tip_height")).toBe(tip.height + 3);
      expect(behind.value("satsbank_chain_lag_blocks")).toBe(3);

      await syncChain(sandbox.context());
      expect((await scrape(t)).value("satsbank_chain_lag_blocks")).toBe(0);

      const saver = await testCustomer(t, { name: "Metric Saver" });
      await sandbox.deposit({ id: saver.user.id }, 100_000n);
      const withdrawal = await sendRequest(t, saver.token, {
        recipient: outsideAddress(),
        amountSats: "20000",
      });
      expect(withdrawal.statusCode, withdrawal.body).toBe(201);
      const queued = await scrape(t);
      expect(queued.value("satsbank_withdrawals_pending", { status: "queued" })).toBe(1);
      expect(queued.value("satsbank_withdrawals_pending_sats", { status: "queued" })).toBe(20_000);
      expect(queued.value("satsbank_ledger_transfers_total", { kind: "deposit" })).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("reports the solvency watchdog's last check: ok, the pause, reserves by wallet, liabilities", async () => {
    const t = await createTestApp({ config: { metrics: open } });
    try {
      const before = await scrape(t);
      expect(before.value("satsbank_solvency_ok")).toBeUndefined();
      expect(before.value("satsbank_payouts_paused")).toBe(0);
      const sandbox = await startSandboxChain(t);
      const saver = await testCustomer(t, { name: "Metric Saver" });
      await sandbox.deposit({ id: saver.user.id }, 100_000n);
      await runPass(sandbox.context());
      const held = await scrape(t);
      expect(held.value("satsbank_solvency_ok")).toBe(1);
      expect(held.value("satsbank_payouts_paused")).toBe(0);
      expect(held.value("satsbank_reserves_sats", { wallet: "hot" })).toBe(100_000);
      expect(held.value("satsbank_reserves_sats", { wallet: "vault" })).toBe(0);
      expect(held.value("satsbank_liabilities_sats")).toBe(100_000);
      // A coin the chain no longer has: paused at the next pass.
      await t.db.execute(sql`update sandbox_outputs set spent_by = ${"ee".repeat(32)}
        where (txid, vout) in (select txid, vout from hot_wallet_utxos)`);
      await runPass(sandbox.context());
      const paused = await scrape(t);
      expect(paused.value("satsbank_solvency_ok")).toBe(0);
      expect(paused.value("satsbank_payouts_paused")).toBe(1);
      expect(paused.value("satsbank_reserves_sats", { wallet: "hot" })).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("still answers when the chain backend does not, saying so", async () => {
    const down = () => Promise.reject(new Error("ECONNREFUSED"));
    const refusing: ChainBackend = {
      name: "bitcoind",
      tip: down,
      blockHash: down,
      block: down,
      mempoolTxids: down,
      transaction: down,
      transactionStatus: down,
      outputs: down,
      broadcast: down,
      feeRate: down,
    };
    const t = await createTestApp({ config: { metrics: open }, chain: { backend: refusing, sandbox: null } });
    try {
      const figures = await scrape(t);
      expect(figures.value("satsbank_chain_backend_up")).toBe(0);
      expect(figures.value("satsbank_chain_tip_height")).toBeUndefined();
      expect(figures.value("satsbank_chain_lag_blocks")).toBeUndefined();
      expect(figures.value("satsbank_database_up")).toBe(1);
    } finally {
      await t.close();
    }
  });
});
