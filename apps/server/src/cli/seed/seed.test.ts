import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { esploraBackend } from "../../bitcoin/chain/esplora.js";
import { deriveWalletKeys } from "../../bitcoin/wallet-keys.js";
import { appSettings, ledgerTransfers, loginEvents, sessions, users } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { customerMaySend } from "../../modules/kyc/may-send.js";
import { findCurrentDepositAddress } from "../../modules/wallet/queries.js";
import { signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { TEST_WALLET_MNEMONIC } from "../../test/test-config.js";
import { demoCustomers } from "./demo-accounts.js";
import { demoSignIns, SEEDED_SETTING, seedDemoData, seedOnFirstStart } from "./seed.js";
import { NO_DEMO_MONEY } from "./seed-money.js";

let t: TestApp;
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
  chain: { backend: esplora, sandbox: null },
  confirmations: 1,
  withdrawalFeeSats: sats(1000n),
  sendLimits: { level1: sats(10_000_000n), level2: sats(200_000_000n) },
  log: (line: string) => {
    said.push(line);
  },
});
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the demo seed", () => {
  it("creates exactly the listed accounts through the real use cases, once (no money off the sandbox)", async () => {
    const created = await seedOnFirstStart(seedInput());
    expect(created).toHaveLength(demoCustomers.length + 1);

    const rows = await t.db.select().from(users);
    expect(rows.map((row) => row.email).sort()).toEqual(
      [...demoCustomers.map((customer) => customer.email), "admin@example.com"].sort(),
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
    expect(rows.filter((row) => row.role === "customer")).toHaveLength(demoCustomers.length);
    expect(new Set(rows.map((row) => row.accountType))).toEqual(new Set(["personal", "business"]));
    expect(rows.every((row) => row.passwordHash.startsWith("$argon2id$"))).toBe(true);
    // The operator's example addresses can receive no link: every seeded account starts verified.
    expect(rows.filter((row) => row.emailVerifiedAt === null)).toEqual([]);
    // Nothing but the accounts: no sessions, no sign-ins.
    expect(await t.db.select().from(sessions)).toEqual([]);
    expect(await t.db.select().from(loginEvents)).toEqual([]);
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
    const block = demoSignIns("http://localhost:3000");
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
  });
});
