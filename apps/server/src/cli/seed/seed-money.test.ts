import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths, type Transaction } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { fsDocumentStorage } from "../../adapters/storage/fs-storage.js";
import type { DocumentStorage } from "../../adapters/storage/storage.js";
import { deriveWalletKeys } from "../../bitcoin/wallet-keys.js";
import { sats } from "../../domain/money.js";
import { bankBalance, customerBalance } from "../../ledger/accounts.js";
import { findCurrentDepositAddress } from "../../modules/addresses/index.js";
import { deriveAuthKeys, findUserByEmail, listLoginEvents } from "../../modules/auth/index.js";
import { customerMaySend, findLatestSubmission } from "../../modules/kyc/index.js";
import { countUnread, getSettings, listNotificationRows } from "../../modules/notifications/index.js";
import { relyingPartyOf } from "../../modules/passkeys/index.js";
import { findPayout } from "../../modules/withdrawals/index.js";
import { getJson, signIn, startSignIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { TEST_WALLET_MNEMONIC, testConfig } from "../../test/test-config.js";
import { DEMO_PASSWORD, demoCustomers, demoStaff } from "./demo-accounts.js";
import { demoPendingReview, demoRejected, demoSecondPendingReview } from "./demo-kyc.js";
import {
  DEMO_BALANCE_SATS,
  demoFailedDeposit,
  demoOpenings,
  demoOpeningTime,
  demoPendingDeposit,
  demoPendingWithdrawal,
  demoSends,
  demoWithdrawal,
} from "./demo-money.js";
import { DEMO_EMAIL, DEMO_READ_AFTER_DAYS, demoNotificationSettings } from "./demo-notifications.js";
import { demoDeactivation, demoSupportRequests } from "./demo-staff-desk.js";
import { seedDemoData } from "./seed.js";
import { DEMO_BANK_CAPITAL_SATS } from "./seed-capital.js";
import { outsideAddress } from "./seed-chain.js";
import { seedKey } from "./seed-money.js";

/** The demo's fixed price: every seeded transaction records it, though dated weeks ago. */
const DEMO_USD_CENTS_PER_BTC = 4238957n;

let t: TestApp;
let sandbox: SandboxChain;
let uploads: string;
let storage: DocumentStorage;
const seed = () =>
  seedDemoData({
    db: t.db,
    clock: systemClock,
    walletKeys: deriveWalletKeys(TEST_WALLET_MNEMONIC, "regtest"),
    storage,
    chain: { backend: sandbox.chain, sandbox: sandbox.node },
    confirmations: 1,
    withdrawalFeeSats: sats(1000n),
    sendLimits: { level1: sats(10_000_000n), level2: sats(200_000_000n) },
    authKeys: deriveAuthKeys(testConfig().appSecret),
    brandName: testConfig().brandName,
    fixedUsdCentsPerBtc: DEMO_USD_CENTS_PER_BTC,
    rp: relyingPartyOf(testConfig()),
    log: (line) => {
      throw new Error(`The seed on the sandbox said: ${line}`);
    },
  });

beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), "satsbank-seed-uploads-"));
  storage = fsDocumentStorage(uploads);
  t = await createTestApp({ storage });
  sandbox = await startSandboxChain(t);
  await seed();
});
afterAll(async () => {
  await t.close();
  await rm(uploads, { recursive: true, force: true });
});

async function user(email: string) {
  const row = await findUserByEmail(t.db, email);
  if (row === undefined) throw new Error(`no ${email}`);
  return row;
}

/**
 * What a customer's history says their balance is: received minus sent. A pending send has taken its
 * amount and fee already; a pending receive has not arrived yet.
 */
async function historyBalance(userId: string): Promise<bigint> {
  const result = await t.db.execute<{ total: string }>(sql`
    select coalesce(sum(case when type = 'receive' then amount else -(amount + fee) end), 0)::text as total
    from wallet_transactions
    where user_id = ${userId} and (status = 'completed' or (type = 'send' and status = 'pending'))`);
  return BigInt(result.rows[0]?.total ?? "0");
}

/** The rows of every table, and every ledger balance: what a seed run again must leave as it was. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await t.db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const counts: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from ${sql.identifier(name)}`,
    );
    counts[name] = result.rows[0]?.n ?? "";
  }
  const balances = await t.db.execute<{ id: number; balance: string }>(
    sql`select id, balance::text as balance from ledger_accounts order by id`,
  );
  for (const { id, balance } of balances.rows) counts[`balance of ledger account ${id}`] = balance;
  return counts;
}

describe("the demo customer's notifications", () => {
  const DAY_MS = 86_400_000;
  const notificationsOf = async (userId: string) =>
    (await listNotificationRows(t.db, { userId, after: null, limit: 500 })).map(({ row }) => row);

  it("were made by the seeded events as the demo's settings say: every type, the week's newest unread", async () => {
    const demo = await user(DEMO_EMAIL);
    expect(await getSettings(t.db, demo.id)).toEqual(demoNotificationSettings);
    const rows = await notificationsOf(demo.id);
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(["transaction", "kyc", "security", "system"]),
    );
    // Email Notifications off: nothing of it was mailed.
    expect(rows.filter((row) => row.email !== null)).toEqual([]);

    // Transaction Alerts on before the money moved: each of the demo's transfers, its deposit and its
    // withdrawal told them.
    const transfers = demoSends.filter((send) => send.from === DEMO_EMAIL || send.to === DEMO_EMAIL);
    const money = rows.filter((row) => row.type === "transaction");
    expect(money.filter((row) => row.kind === "money_sent")).toHaveLength(
      transfers.filter((send) => send.from === DEMO_EMAIL).length + 1,
    );
    expect(money.filter((row) => row.kind === "money_received" && row.status === "success")).toHaveLength(
      transfers.filter((send) => send.to === DEMO_EMAIL).length + 1,
    );
    expect(money.some((row) => row.message.includes(outsideAddress("regtest")))).toBe(true);
    expect(rows.filter((row) => row.type === "kyc").map((row) => row.title)).toContain("Identity verified");

    // The one security notification is the sign-in from the phone, a new device and place.
    const security = rows.filter((row) => row.type === "security");
    expect(security).toMatchObject([
      { kind: "suspicious_sign_in", status: "warning", title: "New sign-in to your account", readAt: null },
    ]);
    expect(security[0]?.message).toContain("a new device and place: Mobile Safari 17 on iOS");
    expect(security[0]?.message).toContain("203.0.113.7");

    // The staff messages, from the seeded staff account, plain text kept with its lines.
    const staff = await user(demoStaff.email);
    const messages = rows.filter((row) => row.type === "system");
    expect(messages.map((row) => row.title).reverse()).toEqual([
      "Welcome to Satsbank",
      "Keep your account safe with two-factor authentication",
      "Scheduled maintenance",
    ]);
    expect(messages.every((row) => row.kind === "staff_message" && row.sentBy === staff.id)).toBe(true);
    expect(messages.every((row) => row.message.startsWith("Hi Demo,\n\n"))).toBe(true);

    // Read: what is older than a week, each after it was made; the rest is unread, and counted so.
    const now = Date.now();
    const read = rows.filter((row) => row.readAt !== null);
    const unread = rows.filter((row) => row.readAt === null);
    expect(read.length).toBeGreaterThan(0);
    expect(unread.length).toBeGreaterThanOrEqual(3);
    expect(await countUnread(t.db, demo.id)).toBe(unread.length);
    expect(unread.every((row) => now - row.createdAt.getTime() < DEMO_READ_AFTER_DAYS * DAY_MS)).toBe(true);
    expect(read.every((row) => now - row.createdAt.getTime() > DEMO_READ_AFTER_DAYS * DAY_MS)).toBe(true);
    expect(read.every((row) => (row.readAt?.getTime() ?? 0) > row.createdAt.getTime())).toBe(true);
    expect(read.every((row) => (row.readAt?.getTime() ?? Infinity) < now)).toBe(true);
    // Opened while signed in: within 12 hours (a session without Remember me) of a seeded sign-in.
    const signIns = (await listLoginEvents(t.db, demo.id, 10)).map((event) => event.createdAt.getTime());
    const inASession = (readAt: number) => signIns.some((at) => readAt > at && readAt - at < DAY_MS / 2);
    expect(read.every((row) => inASession(row.readAt?.getTime() ?? 0))).toBe(true);
    expect(new Set(unread.map((row) => row.type))).toEqual(new Set(["transaction", "security", "system"]));
  });

  it("shows the demo's two sign-ins in their login history, the phone's marked suspicious, both sessions over", async () => {
    const demo = await user(DEMO_EMAIL);
    const events = await listLoginEvents(t.db, demo.id, 10);
    expect(events).toMatchObject([
      {
        ipAddress: "203.0.113.7",
        device: "Mobile Safari 17 on iOS",
        location: "Unknown",
        status: "suspicious",
      },
      { ipAddress: "198.51.100.23", device: "Chrome 124 on macOS", location: "Unknown", status: "success" },
    ]);
    const days = (when: Date | undefined) => (Date.now() - (when?.getTime() ?? 0)) / DAY_MS;
    expect(days(events[0]?.createdAt)).toBeGreaterThan(1);
    expect(days(events[0]?.createdAt)).toBeLessThan(3);
    expect(days(events[1]?.createdAt)).toBeGreaterThan(19);
    expect(days(events[1]?.createdAt)).toBeLessThan(21);
    const open = await t.db.execute(
      sql`select id from sessions where user_id = ${demo.id} and expires_at > now()`,
    );
    expect(open.rows).toEqual([]);

    // Signing in shows them, newest first, below this sign-in; and the unread notifications as "<n> new".
    const unread = await countUnread(t.db, demo.id);
    const { token } = await signIn(t, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const history = (await getJson(t, apiPaths.account.loginHistory, { cookie: token })).json();
    expect(history.entries.slice(1).map((entry: { ipAddress: string }) => entry.ipAddress)).toEqual([
      "203.0.113.7",
      "198.51.100.23",
    ]);
    const list = (await getJson(t, apiPaths.notifications.list, { cookie: token })).json();
    // This sign-in too comes from a new device and place: it is told as well.
    expect(list.unreadCount).toBe(unread + 1);
  });

  it("makes no notification, sign-in or read when it runs again", async () => {
    const demo = await user(DEMO_EMAIL);
    const before = await notificationsOf(demo.id);
    const events = await listLoginEvents(t.db, demo.id, 10);
    expect(await seed()).toEqual([]);
    expect(await notificationsOf(demo.id)).toEqual(before);
    expect(await listLoginEvents(t.db, demo.id, 10)).toEqual(events);
  });
});

/** The customers whose identity check is not approved: they only ever receive in the demo. */
const onlyReceiving: readonly string[] = [
  demoPendingReview.email,
  demoSecondPendingReview.email,
  demoRejected.email,
];

describe("the demo money", () => {
  it("leaves the demo customer with exactly 0.00746 BTC, from transfers, a deposit and a withdrawal", async () => {
    const demo = await user("demo@example.com");
    expect(await customerBalance(t.db, demo.id)).toBe(DEMO_BALANCE_SATS);
    const { token } = await signIn(t, { email: "demo@example.com", password: DEMO_PASSWORD });
    const summary = (await getJson(t, apiPaths.wallet.summary, { cookie: token })).json();
    expect(summary).toMatchObject({ balanceSats: "746000", spendableSats: "746000", canSend: true });
    const history = (await getJson(t, `${apiPaths.transactions.list}?limit=100`, { cookie: token })).json();
    const items = history.items as Transaction[];
    expect(items.every((item) => item.status === "completed")).toBe(true);

    // Transfers inside the bank name the other customer and have no txid.
    const transfers = items.filter((item) => item.txid === null);
    expect(transfers.filter((item) => item.type === "send").length).toBeGreaterThanOrEqual(3);
    expect(transfers.filter((item) => item.type === "receive").length).toBeGreaterThanOrEqual(3);
    expect(transfers.every((item) => item.counterparty.username !== null)).toBe(true);
    expect(transfers.some((item) => item.counterparty.username === "alice")).toBe(true);
    expect(transfers.some((item) => item.counterparty.username === "bob" && item.type === "receive")).toBe(
      true,
    );
    expect(transfers.some((item) => item.counterparty.address?.startsWith("bcrt1q"))).toBe(true);

    // One deposit (a receive with a txid), and one withdrawal to the outside wallet, paid out and
    // confirmed: together they cost the balance nothing.
    const onChain = items.filter((item) => item.txid !== null);
    const [deposit, ...moreDeposits] = onChain.filter((item) => item.type === "receive");
    const [withdrawal, ...moreWithdrawals] = onChain.filter((item) => item.type === "send");
    expect(moreDeposits).toEqual([]);
    expect(moreWithdrawals).toEqual([]);
    expect(deposit).toMatchObject({ amountSats: (demoWithdrawal.sats + 1000n).toString(), feeSats: "0" });
    expect(deposit?.confirmations).toBeGreaterThanOrEqual(1);
    expect(deposit?.counterparty.username).toBeNull();
    expect(withdrawal).toMatchObject({
      amountSats: demoWithdrawal.sats.toString(),
      feeSats: "1000",
      note: demoWithdrawal.note,
      counterparty: { username: null, address: outsideAddress("regtest") },
    });
    expect(withdrawal?.confirmations).toBeGreaterThanOrEqual(1);
    expect(await findPayout(t.db, withdrawal?.txid ?? "")).toMatchObject({ status: "confirmed" });
    const paid = await sandbox.chain.transaction(withdrawal?.txid ?? "");
    expect(paid?.outputs.filter((output) => output.address === outsideAddress("regtest"))).toMatchObject([
      { valueSats: demoWithdrawal.sats },
    ]);
    // The deposit came before the withdrawal, both weeks ago.
    expect(new Date(deposit?.createdAt ?? 0).getTime()).toBeLessThan(
      new Date(withdrawal?.createdAt ?? 0).getTime(),
    );

    // Spread over the past weeks, newest first, none in the future.
    const times = items.map((item) => new Date(item.createdAt).getTime());
    const days = (ms: number) => ms / 86_400_000;
    expect(days(Date.now() - Math.min(...times))).toBeGreaterThan(28);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Each recorded the fixed price at its own moment, weeks ago: "≈ $X at the time" shows for all.
    for (const item of items)
      expect(item.priceAtTheTime, item.createdAt).toMatchObject({
        usdCentsPerBtc: DEMO_USD_CENTS_PER_BTC.toString(),
        source: "fixed",
        moment: "settled",
      });
  });

  it("funds every other customer with a confirmed deposit on the chain, dated 45 days ago", async () => {
    const now = Date.now();
    for (const [email, amount] of demoOpenings) {
      const customer = await user(email);
      const deposits = await t.db.execute<{ amount: string; created_at: string | Date }>(sql`
        select amount::text as amount, created_at from wallet_transactions
        where user_id = ${customer.id} and type = 'receive' and txid is not null and status = 'completed'`);
      expect(
        deposits.rows.map((row) => BigInt(row.amount)),
        email,
      ).toEqual([amount]);
      const age = (now - new Date(deposits.rows[0]?.created_at ?? 0).getTime()) / 86_400_000;
      expect(Math.floor(age)).toBeGreaterThanOrEqual(44);
      expect(age).toBeLessThan(46);
    }
  });

  it("verifies every customer but the three who only receive, gives each a deposit address and a balance their history explains", async () => {
    for (const { email } of demoCustomers) {
      const customer = await user(email);
      const onlyReceives = onlyReceiving.includes(email);
      expect(await customerMaySend({ ctx: { db: t.db }, userId: customer.id }), email).toBe(!onlyReceives);
      expect(
        await findCurrentDepositAddress(t.db, { userId: customer.id, network: "regtest" }),
      ).toBeDefined();
      expect(await historyBalance(customer.id)).toBe(await customerBalance(t.db, customer.id));
    }
    // The e2e suite sends 0.0001 BTC from carol to alice, run after run.
    expect(await customerBalance(t.db, (await user("carol@example.com")).id)).toBeGreaterThan(1_000_000n);
  });

  it("verifies every sender before their first send", async () => {
    const senders = new Set([...demoSends.map((send) => send.from), demoWithdrawal.email]);
    for (const email of onlyReceiving) expect(senders.has(email), email).toBe(false);
    for (const email of senders) {
      const customer = await user(email);
      const submission = await findLatestSubmission(t.db, customer.id, "basic");
      expect(submission?.status, email).toBe("approved");
      const first = await t.db.execute<{ at: string | Date }>(sql`
        select min(created_at) as at from wallet_transactions where user_id = ${customer.id} and type = 'send'`);
      expect(submission?.decidedAt?.getTime() ?? Infinity, email).toBeLessThan(
        new Date(first.rows[0]?.at ?? 0).getTime(),
      );
    }
  });

  it("backs every customer's satoshi with the hot wallet's coins; the bank's equity is its capital, a coin too", async () => {
    await expectChainBooksBalanced(t);
    // The bank's own money (sweeps' and refills' miner fees come out of it), paid in as a coin of its own.
    expect(await bankBalance(t.db, "opening_equity")).toBe(DEMO_BANK_CAPITAL_SATS);
    // The fees of the demo's withdrawal and of bob's pending one (taken when it was sent).
    expect(await bankBalance(t.db, "fee_revenue")).toBe(2000n);
  });

  it("changes nothing when it runs again", async () => {
    const before = await snapshot();
    const tip = await sandbox.node.tip();
    expect(await seed()).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await sandbox.node.tip()).hash).toBe(tip.hash);
    expect(await customerBalance(t.db, (await user("demo@example.com")).id)).toBe(DEMO_BALANCE_SATS);
    await expectChainBooksBalanced(t);
  });

  it("makes its idempotency keys valid, stable UUIDs", () => {
    expect(seedKey("a")).toBe(seedKey("a"));
    expect(seedKey("a")).not.toBe(seedKey("b"));
    expect(seedKey("a")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("the staff's desk on a fresh start", () => {
  const DAY_MS = 86_400_000;
  const staffGet = async (url: string) => {
    const { token } = await signIn(t, { email: demoStaff.email, password: demoStaff.password });
    const res = await getJson(t, url, { cookie: token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("shows alice's deposit that left the network as failed: off the chain, never credited", async () => {
    const alice = await user(demoFailedDeposit.email);
    const page = await staffGet(`${apiPaths.admin.transactions}?status=failed`);
    expect(
      page.items.map((row: { user: { id: string }; type: string; amountSats: string; status: string }) => [
        row.user.id,
        row.type,
        row.amountSats,
        row.status,
      ]),
    ).toEqual([[alice.id, "receive", demoFailedDeposit.sats.toString(), "failed"]]);
    const [row] = page.items;
    expect(await sandbox.node.chainTransaction(row.txid)).toBeUndefined();
    // Dated days ago at a time of day: more than one day fewer, less than one more.
    const age = (Date.now() - new Date(row.createdAt).getTime()) / DAY_MS;
    expect(age).toBeGreaterThan(demoFailedDeposit.daysAgo - 1);
    expect(age).toBeLessThan(demoFailedDeposit.daysAgo + 1);
    // Her balance is what her completed history says: the failed deposit added nothing.
    expect(await historyBalance(alice.id)).toBe(await customerBalance(t.db, alice.id));
  });

  it("leaves kwame's deposit and bob's withdrawal pending in the mempool, minutes old", async () => {
    const kwame = await user(demoPendingDeposit.email);
    const bob = await user(demoPendingWithdrawal.email);
    const page = await staffGet(`${apiPaths.admin.transactions}?status=pending`);
    type Row = {
      user: { id: string };
      type: string;
      amountSats: string;
      feeSats: string;
      txid: string | null;
    };
    const rows: Row[] = page.items;
    expect(rows.map((row) => [row.user.id, row.type, row.amountSats, row.feeSats])).toEqual([
      [bob.id, "send", demoPendingWithdrawal.sats.toString(), "1000"],
      [kwame.id, "receive", demoPendingDeposit.sats.toString(), "0"],
    ]);
    const mempool = new Set((await sandbox.node.mempool()).map((tx) => tx.txid));
    for (const row of rows) expect(mempool.has(row.txid ?? "")).toBe(true);
    expect(Date.now() - new Date(page.items[0].createdAt).getTime()).toBeLessThan(60 * 60_000);
    // Bob's money is held for it: his balance is his history's, the pending withdrawal taken.
    expect(await historyBalance(bob.id)).toBe(await customerBalance(t.db, bob.id));
  });

  it("has liam deactivated by the staff account, with the reason, audited and told; his sign-in refused", async () => {
    const liam = await user(demoDeactivation.email);
    const staff = await user(demoStaff.email);
    expect(liam.status).toBe("inactive");
    const login = await startSignIn(t, { email: liam.email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatchObject({
      reason: "accountInactive",
      message: "This account has been deactivated. Please contact us to reactivate it.",
    });
    const audit = await staffGet(`${apiPaths.admin.audit}?action=customer.deactivated`);
    expect(audit.items).toMatchObject([
      {
        action: "customer.deactivated",
        actor: { id: staff.id },
        customer: { id: liam.id },
        reason: demoDeactivation.reason,
        ipAddress: null,
      },
    ]);
    const notices = await listNotificationRows(t.db, { userId: liam.id, after: null, limit: 50 });
    expect(notices.map(({ row }) => row.kind)).toContain("account_deactivated");
    const list = await staffGet(`${apiPaths.admin.customers}?q=liam`);
    expect(list.items).toMatchObject([{ email: liam.email, status: "inactive" }]);
  });

  it("has a support request in each status, answered and closed by the staff account, audited", async () => {
    const page = await staffGet(`${apiPaths.admin.support}?status=all`);
    const bySubject = new Map(page.items.map((item: { subject: string }) => [item.subject, item] as const));
    expect(page.items).toHaveLength(demoSupportRequests.length);
    for (const request of demoSupportRequests) {
      const found = bySubject.get(request.subject) as
        | { status: string; email: string; replies: { message: string; staff: { name: string } }[] }
        | undefined;
      const status = request.closedHoursLater !== undefined ? "closed" : request.reply ? "answered" : "open";
      expect(found, request.subject).toMatchObject({ email: request.email, status });
      expect(found?.replies.map((reply) => [reply.message, reply.staff.name])).toEqual(
        request.reply === null ? [] : [[request.reply.message, "Admin"]],
      );
    }
    const audit = await staffGet(`${apiPaths.admin.audit}?action=support.replied`);
    expect(audit.items).toHaveLength(demoSupportRequests.filter((request) => request.reply !== null).length);
    const open = await staffGet(apiPaths.admin.support);
    expect(open.items.map((item: { subject: string }) => item.subject)).toEqual([
      "My deposit has not arrived",
    ]);
  });

  it("dates each customer's sign-up the day before the opening deposits, one after another", async () => {
    const opening = new Date(Date.now() - demoOpeningTime.daysAgo * DAY_MS);
    const joined: number[] = [];
    for (const { email } of demoCustomers) joined.push((await user(email)).createdAt.getTime());
    expect([...joined].sort((a, b) => a - b)).toEqual(joined);
    expect(new Set(joined).size).toBe(joined.length);
    for (const time of joined) expect(time).toBeLessThan(opening.getTime());
    expect((await user(demoStaff.email)).createdAt.getTime()).toBeLessThan(joined[0] ?? 0);
  });
});
