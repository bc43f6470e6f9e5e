import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { fsDocumentStorage } from "../../adapters/storage/fs-storage.js";
import { esploraBackend } from "../../bitcoin/chain/esplora.js";
import { deriveWalletKeys } from "../../bitcoin/wallet-keys.js";
import {
  appSettings,
  kycDocuments,
  kycEvents,
  kycItems,
  kycSubmissions,
  ledgerTransfers,
  loginEvents,
  notifications,
  sessions,
  users,
} from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { findCurrentDepositAddress } from "../../modules/addresses/index.js";
import { deriveAuthKeys, findUserByEmail } from "../../modules/auth/index.js";
import { reviewPendingAutomatically } from "../../modules/kyc/auto-review.js";
import { getKycOverview } from "../../modules/kyc/get-overview.js";
import { customerMaySend } from "../../modules/kyc/index.js";
import { findEvents, findLatestSubmission, findSubmissionDocuments } from "../../modules/kyc/queries.js";
import { relyingPartyOf } from "../../modules/passkeys/index.js";
import { getJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { TEST_WALLET_MNEMONIC, testConfig } from "../../test/test-config.js";
import { demoCustomers, demoStaff } from "./demo-accounts.js";
import { demoPendingReview, demoRejected, demoSecondPendingReview } from "./demo-kyc.js";
import { demoSignIns, SEEDED_SETTING, seedDemoData, seedOnFirstStart } from "./seed.js";
import { NO_DEMO_MONEY } from "./seed-money.js";

let t: TestApp;
let uploads: string;
const said: string[] = [];
// A chain that is not the sandbox (no faucet): the seed makes the accounts only, and never asks it anything.
const esplora = esploraBackend({
  baseUrl: "http://127.0.0.1:9",
  network: "regtest",
  timeoutMs: 1000,
  fetch: async () => {
    throw new Error("The seed asked the chain backend");
  },
});
const seedInput = () => ({
  db: t.db,
  clock: systemClock,
  walletKeys: deriveWalletKeys(TEST_WALLET_MNEMONIC, "regtest"),
  // The app's own storage: what the seed stores, the app serves.
  storage: fsDocumentStorage(uploads),
  chain: { backend: esplora, sandbox: null },
  confirmations: 1,
  withdrawalFeeSats: sats(1000n),
  sendLimits: { level1: sats(10_000_000n), level2: sats(200_000_000n) },
  authKeys: deriveAuthKeys(testConfig().appSecret),
  brandName: testConfig().brandName,
  fixedUsdCentsPerBtc: null,
  rp: relyingPartyOf(testConfig()),
  log: (line: string) => {
    said.push(line);
  },
});
beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), "satsbank-seed-uploads-"));
  t = await createTestApp({ storage: fsDocumentStorage(uploads) });
});
afterAll(async () => {
  await t.close();
  await rm(uploads, { recursive: true, force: true });
});

describe("the demo seed", () => {
  it("creates exactly the listed accounts through the real use cases, once (no money off the sandbox)", async () => {
    const created = await seedOnFirstStart(seedInput());
    // The customers and two members of staff (a withdrawal above the dual amount needs two).
    expect(created).toHaveLength(demoCustomers.length + 2);

    const rows = await t.db.select().from(users);
    expect(rows.map((row) => row.email).sort()).toEqual(
      [
        ...demoCustomers.map((customer) => customer.email),
        "admin@example.com",
        "approver@example.com",
      ].sort(),
    );
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get("demo@example.com")).toMatchObject({
      username: "demo",
      name: "Demo User",
      phone: "+1 555 0100",
      role: "customer",
      accountType: "personal",
    });
    expect(byEmail.get("alice@example.com")?.username).toBe("alice");
    expect(byEmail.get("bob@example.com")?.username).toBe("bob");
    expect(byEmail.get("admin@example.com")?.role).toBe("admin");
    expect(byEmail.get("approver@example.com")?.role).toBe("admin");
    expect(rows.filter((row) => row.role === "customer")).toHaveLength(demoCustomers.length);
    expect(new Set(rows.map((row) => row.accountType))).toEqual(new Set(["personal", "business"]));
    expect(rows.every((row) => row.passwordHash.startsWith("$argon2id$"))).toBe(true);
    // The operator's example addresses can receive no link: every seeded account starts verified.
    expect(rows.filter((row) => row.emailVerifiedAt === null)).toEqual([]);
    // No sign-ins but the demo customer's two seeded ones (the chain plays no part in them), whose
    // sessions are long over.
    const signIns = await t.db.select().from(loginEvents);
    expect(signIns.map((row) => [row.userId, row.ipAddress, row.status]).sort()).toEqual([
      [byEmail.get("demo@example.com")?.id, "198.51.100.23", "success"],
      [byEmail.get("demo@example.com")?.id, "203.0.113.7", "suspicious"],
    ]);
    const now = Date.now();
    expect((await t.db.select().from(sessions)).filter((row) => row.expiresAt.getTime() > now)).toEqual([]);
    // Without the sandbox, no money (it would have no coins behind it), and one line says why.
    expect(await t.db.select().from(ledgerTransfers)).toEqual([]);
    expect(said).toEqual([NO_DEMO_MONEY]);
    expect(NO_DEMO_MONEY).toContain("CHAIN_BACKEND=sandbox");
    // The customers are verified all the same, and have a deposit address.
    const demo = byEmail.get("demo@example.com");
    expect(await customerMaySend({ ctx: { db: t.db }, userId: demo?.id ?? "" })).toBe(true);
    expect(
      await findCurrentDepositAddress(t.db, { userId: demo?.id ?? "", network: "regtest" }),
    ).toBeDefined();

    const [setting] = await t.db.select().from(appSettings).where(eq(appSettings.key, SEEDED_SETTING));
    expect(setting).toBeDefined();
    expect(await seedOnFirstStart(seedInput())).toBeNull();
    expect(await seedDemoData(seedInput())).toEqual([]);
    expect(await t.db.select().from(users)).toHaveLength(rows.length);
  });

  it("makes accounts that sign in with the printed passwords", async () => {
    await seedOnFirstStart(seedInput());
    const { res } = await signIn(t, { email: "demo@example.com", password: "demo-password" });
    expect(res.json().user).toMatchObject({ username: "demo", name: "Demo User" });
    const staff = await signIn(t, { email: "admin@example.com", password: "admin-password" });
    expect(staff.res.json().user.role).toBe("admin");
  });

  it("prints every sign-in in one block", () => {
    const block = demoSignIns("http://localhost:3000", testConfig().withdrawalPolicy);
    for (const text of [
      "demo@example.com",
      "demo-password",
      "admin@example.com",
      "admin-password",
      "bob@example.com",
    ]) {
      expect(block).toContain(text);
    }
    expect(block).toContain("http://localhost:3000/dev/mailbox");
    // The second approver of a withdrawal above the dual amount, and the policy of this bank.
    expect(block).toContain("approver@example.com   password approver-password (a second approver)");
    expect(block).toContain(
      "A first withdrawal to a new address is not held here (NEW_ADDRESS_HOLD_HOURS=0)",
    );
    expect(block).toContain("Withdrawals above 0.1 BTC wait for staff approval, above 1 BTC for two");
    // The inactive customer is not offered as a sign-in: the block says why.
    expect(block).toContain("liam@example.com is inactive (deactivated by staff): its sign-in is refused");
    expect(block.match(/liam@example\.com/g)).toHaveLength(1);
  });
});

describe("the demo identity checks", () => {
  beforeAll(async () => {
    await seedOnFirstStart(seedInput());
  });

  async function customer(email: string) {
    const row = await findUserByEmail(t.db, email);
    if (row === undefined) throw new Error(`no ${email}`);
    return row;
  }
  const daysAgo = (iso: string | null | undefined) =>
    (Date.now() - new Date(iso ?? 0).getTime()) / 86_400_000;

  it("verifies the demo customer's identity and address from a real submission; enhanced stays required", async () => {
    const demo = await customer("demo@example.com");
    const overview = await getKycOverview({ ctx: { db: t.db }, customer: demo });
    const item = (id: string) => overview.items.find((row) => row.id === id);
    expect(overview.level).toBe(1);
    expect(item("identity")).toMatchObject({
      status: "verified",
      details: { documentType: "Passport", message: null },
    });
    expect(item("address")).toMatchObject({
      status: "verified",
      details: { documentType: "Proof of address" },
    });
    expect(item("enhanced")).toMatchObject({
      status: "required",
      details: { documentType: null, submissionDate: null },
    });
    // Submitted at the opening, 45 days ago, and approved by the automated review seconds later.
    const submitted = item("identity")?.details.submissionDate;
    expect(daysAgo(submitted)).toBeGreaterThan(44);
    expect(daysAgo(submitted)).toBeLessThan(46);
    expect(item("address")?.details.submissionDate).toBe(submitted);
    expect(overview.basic).toMatchObject({ status: "approved", reason: null, submittedAt: submitted });
    expect(overview.enhanced).toBeNull();
    expect(overview.resume).toBeNull();
  });

  it("leaves isabella, then kwame, waiting for staff, out of the automated review's reach", async () => {
    const submitted: number[] = [];
    for (const email of [demoPendingReview.email, demoSecondPendingReview.email]) {
      const person = await customer(email);
      const overview = await getKycOverview({ ctx: { db: t.db }, customer: person });
      expect(
        overview.items.map((item) => item.status),
        email,
      ).toEqual(["pending", "pending", "required"]);
      expect(overview.basic, email).toMatchObject({ status: "pending", decidedAt: null });
      expect(daysAgo(overview.basic?.submittedAt), email).toBeLessThan(2);
      submitted.push(new Date(overview.basic?.submittedAt ?? 0).getTime());
      expect(await findLatestSubmission(t.db, person.id, "basic")).toMatchObject({ reviewMode: "manual" });
    }
    // Staff's queue is oldest first: isabella's comes first.
    expect(submitted[0]).toBeLessThan(submitted[1] ?? 0);
    // KYC_REVIEW=auto would find nothing of the seed's to decide.
    expect(await reviewPendingAutomatically({ db: t.db, clock: systemClock })).toBe(0);
    const isabella = await customer(demoPendingReview.email);
    expect((await getKycOverview({ ctx: { db: t.db }, customer: isabella })).basic?.status).toBe("pending");
    expect(await customerMaySend({ ctx: { db: t.db }, userId: isabella.id })).toBe(false);
  });

  it("shows bluebird rejected by the seeded staff account, with its reason", async () => {
    const bluebird = await customer(demoRejected.email);
    const staff = await customer(demoStaff.email);
    const overview = await getKycOverview({ ctx: { db: t.db }, customer: bluebird });
    for (const id of ["identity", "address"]) {
      expect(overview.items.find((item) => item.id === id)).toMatchObject({
        status: "rejected",
        details: { message: demoRejected.reason },
      });
    }
    expect(overview.basic).toMatchObject({ status: "rejected", reason: demoRejected.reason });
    const submission = await findLatestSubmission(t.db, bluebird.id, "basic");
    expect(submission).toMatchObject({ reviewMode: "manual", decidedBy: staff.id });
    const decided = (await findEvents(t.db, bluebird.id)).filter((event) => event.toStatus === "rejected");
    expect(decided).toMatchObject([
      {
        item: "identity",
        fromStatus: "pending",
        actor: "staff",
        actorUserId: staff.id,
        reason: demoRejected.reason,
      },
      {
        item: "address",
        fromStatus: "pending",
        actor: "staff",
        actorUserId: staff.id,
        reason: demoRejected.reason,
      },
    ]);
    expect(await customerMaySend({ ctx: { db: t.db }, userId: bluebird.id })).toBe(false);
  });

  it("verifies every other customer through the automated review, each item's history recorded", async () => {
    const elsewhere: string[] = [demoPendingReview.email, demoSecondPendingReview.email, demoRejected.email];
    const others = demoCustomers.filter(({ email }) => !elsewhere.includes(email));
    expect(others).toHaveLength(demoCustomers.length - 3);
    for (const { email } of others) {
      const row = await customer(email);
      const overview = await getKycOverview({ ctx: { db: t.db }, customer: row });
      expect(
        overview.items.map((item) => item.status),
        email,
      ).toEqual(["verified", "verified", "required"]);
      expect(overview.basic?.status, email).toBe("approved");
      const events = await findEvents(t.db, row.id);
      expect(
        events.map((event) => [event.item, event.fromStatus, event.toStatus, event.actor, event.actorUserId]),
        email,
      ).toEqual([
        ["identity", "required", "pending", "customer", null],
        ["address", "required", "pending", "customer", null],
        ["identity", "pending", "verified", "automated", null],
        ["address", "pending", "verified", "automated", null],
      ]);
      expect(events.every((event) => event.submissionId === overview.basic?.id)).toBe(true);
    }
  });

  it("submits drawn documents: small, distinct, stored, and served to staff", async () => {
    const documents = await t.db.select().from(kycDocuments);
    expect(documents).toHaveLength(3 * demoCustomers.length);
    expect(new Set(documents.map((row) => row.sha256)).size).toBe(documents.length);
    expect(documents.every((row) => row.submissionId !== null && row.sizeBytes < 100_000)).toBe(true);
    expect(await readdir(uploads)).toHaveLength(documents.length);

    const demo = await customer("demo@example.com");
    const submission = await findLatestSubmission(t.db, demo.id, "basic");
    const mine = await findSubmissionDocuments(t.db, submission?.id ?? "");
    const byKind = new Map(mine.map((row) => [row.kind, row]));
    expect(byKind.get("identity")).toMatchObject({
      documentType: "passport",
      format: "jpeg",
      width: 800,
      height: 600,
    });
    expect(byKind.get("selfie")).toMatchObject({ format: "png", width: 800, height: 600 });
    const bill = byKind.get("address");
    expect(bill).toMatchObject({ format: "pdf", pages: 1 });
    // Dated within the 3 months before its upload.
    const age = (bill?.uploadedAt.getTime() ?? 0) - new Date(bill?.documentDate ?? 0).getTime();
    expect(age / 86_400_000).toBeGreaterThan(0);
    expect(age / 86_400_000).toBeLessThan(90);

    const { token } = await signIn(t, { email: demoStaff.email, password: demoStaff.password });
    const passport = await getJson(t, apiPaths.kyc.document(byKind.get("identity")?.id ?? ""), {
      cookie: token,
    });
    expect(passport.statusCode).toBe(200);
    expect(passport.headers["content-type"]).toBe("image/jpeg");
    expect(passport.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("changes nothing when it runs again", async () => {
    const counts = async () => ({
      documents: (await t.db.select().from(kycDocuments)).length,
      submissions: (await t.db.select().from(kycSubmissions)).length,
      items: (await t.db.select().from(kycItems)).length,
      events: (await t.db.select().from(kycEvents)).length,
      notifications: (await t.db.select().from(notifications)).length,
      files: (await readdir(uploads)).length,
    });
    const before = await counts();
    expect(before.submissions).toBe(demoCustomers.length);
    expect(await seedDemoData(seedInput())).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
