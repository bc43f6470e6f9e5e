import { formatBtcPlain } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import { createDocumentStorage } from "../../adapters/storage/create-document-storage.js";
import type { Config } from "../../config/config.js";
import { appSettings } from "../../db/schema/index.js";
import { AppError } from "../../domain/app-error.js";
import { usdTextToCents } from "../../domain/price.js";
import type { WithdrawalPolicy } from "../../domain/withdrawal-policy.js";
import { createStaff, deriveAuthKeys, signUp } from "../../modules/auth/index.js";
import { relyingPartyOf } from "../../modules/passkeys/index.js";
import { recordFixedPriceSpan } from "../../modules/prices/index.js";
import {
  DEMO_PASSWORD,
  DEMO_SIGN_UP_SPACING_MINUTES,
  demoCustomers,
  demoSecondStaff,
  demoSignUpTime,
  demoStaff,
} from "./demo-accounts.js";
import { demoOpeningTime } from "./demo-money.js";
import { demoDeactivation } from "./demo-staff-desk.js";
import { type DemoMoneyInput, seedDemoMoney } from "./seed-money.js";
import {
  type DemoNotificationsInput,
  seedDemoNotifications,
  seedNotificationSettings,
} from "./seed-notifications.js";
import { seedStaffDesk } from "./seed-staff-desk.js";
import { at, fixedClock } from "./seed-time.js";

/** app_settings key: the embedded default seeds on its first start only. */
export const SEEDED_SETTING = "demo_data_seeded";

const alreadyExists = (error: unknown) => error instanceof AppError && error.code === "CONFLICT";

export type SeedInput = DemoMoneyInput &
  Pick<DemoNotificationsInput, "authKeys" | "brandName"> & {
    /** PRICE_SOURCE=fixed's price, in cents: the demo's past transactions record it; null for another source. */
    fixedUsdCentsPerBtc: bigint | null;
  };

/**
 * The seed's input for this configuration (with its APP_SECRET) and what the process opened: the same for
 * the embedded default's first start (main.ts) and `npm run db:seed`.
 */
export function seedInputOf(
  config: Config & { appSecret: string },
  opened: Pick<SeedInput, "db" | "clock" | "chain" | "walletKeys">,
): SeedInput {
  return {
    // The demo money arrives as sandbox deposits, read through the chain backend as the worker reads them.
    ...opened,
    // The demo customers' identity documents, where the app keeps uploads (STORAGE).
    storage: createDocumentStorage(config.storage, config.dataDir),
    confirmations: config.confirmations,
    withdrawalFeeSats: config.withdrawalFeeSats,
    sendLimits: config.sendLimits,
    rp: relyingPartyOf(config),
    // The demo customer signs in through the sign-in use cases: its codes are MACed with these keys.
    authKeys: deriveAuthKeys(config.appSecret),
    brandName: config.brandName,
    fixedUsdCentsPerBtc: config.price.source === "fixed" ? usdTextToCents(config.price.usdPerBtc) : null,
    log: (line) => console.info(line),
  };
}

/**
 * Makes the demo accounts through the real use cases (sign-up for customers, dated the day before their
 * money arrives; create-staff for the admin), skipping any whose email already has an account; the demo
 * customer's Notification Settings; everyone's identity checks and money on the sandbox chain
 * (seed-money.ts); the demo customer's sign-ins, staff messages and read notifications
 * (seed-notifications.ts); then the staff's desk (seed-staff-desk.ts: support requests, an inactive
 * customer): running it twice changes nothing. Returns the emails it created.
 */
export async function seedDemoData(input: SeedInput): Promise<string[]> {
  const { db, clock } = input;
  const now = clock.now();
  const ctx = { db, clock, limiter: createRateLimiter({ db, clock }) };
  const created: string[] = [];
  const firstSignUp = at(
    now,
    demoOpeningTime.daysAgo + demoSignUpTime.daysBeforeOpening,
    demoSignUpTime.time,
  );
  for (const [index, customer] of demoCustomers.entries()) {
    const joined = fixedClock(
      new Date(firstSignUp.getTime() + index * DEMO_SIGN_UP_SPACING_MINUTES * 60_000),
    );
    try {
      await signUp({ ctx: { db, clock: joined }, ...customer, password: DEMO_PASSWORD, client: null });
      created.push(customer.email);
    } catch (error) {
      if (!alreadyExists(error)) throw error;
    }
  }
  // Staff were there before the first customer.
  const staffJoined = new Date(firstSignUp.getTime() - 24 * 3_600_000);
  for (const staff of [demoStaff, demoSecondStaff]) {
    try {
      await createStaff({ ctx: { ...ctx, clock: fixedClock(staffJoined) }, ...staff });
      created.push(staff.email);
    } catch (error) {
      if (!alreadyExists(error)) throw error;
    }
  }
  await seedNotificationSettings({ db, now });
  // A fixed price was the price at every past moment too: the demo's transactions record it. Another
  // source's past is unknown, so they record it as unavailable.
  if (input.fixedUsdCentsPerBtc !== null)
    await recordFixedPriceSpan(db, { from: firstSignUp, to: now, usdCentsPerBtc: input.fixedUsdCentsPerBtc });
  await seedDemoMoney(input);
  await seedDemoNotifications({ ...input, now });
  await seedStaffDesk({ db, now, brandName: input.brandName });
  await db
    .insert(appSettings)
    .values({ key: SEEDED_SETTING, value: { at: clock.now().toISOString() } })
    .onConflictDoNothing();
  return created;
}

/** Seeds unless this database was seeded before (even if the demo accounts were since removed). */
export async function seedOnFirstStart(input: SeedInput): Promise<string[] | null> {
  const { db } = input;
  const [seeded] = await db.select().from(appSettings).where(eq(appSettings.key, SEEDED_SETTING));
  return seeded === undefined ? seedDemoData(input) : null;
}

/** The block printed at every start of the embedded default. */
export function demoSignIns(publicUrl: string, policy: WithdrawalPolicy): string {
  const others = demoCustomers
    .slice(1)
    .map((customer) => customer.email)
    .filter((email) => email !== demoDeactivation.email);
  const rows: string[] = [];
  for (let i = 0; i < others.length; i += 3) rows.push(others.slice(i, i + 3).join(", "));
  return [
    "",
    "┌─ Demo sign-ins (embedded database) ─────────────────────────────────────────",
    `│ customer   ${demoCustomers[0]?.email}    password ${DEMO_PASSWORD}`,
    `│ staff      ${demoStaff.email}   password ${demoStaff.password}`,
    `│ staff      ${demoSecondStaff.email}   password ${demoSecondStaff.password} (a second approver)`,
    `│ more customers, all with password ${DEMO_PASSWORD}:`,
    ...rows.map((row) => `│   ${row}`),
    `│ ${demoDeactivation.email} is inactive (deactivated by staff): its sign-in is refused`,
    `│ Sign-in codes and reset links arrive in the dev mailbox: ${publicUrl}/dev/mailbox`,
    `│ ${holdLine(policy)}`,
    `│ Withdrawals above ${formatBtcPlain(policy.reviewSats)} BTC wait for staff approval, above ${formatBtcPlain(policy.dualApprovalSats)} BTC for two`,
    "└──────────────────────────────────────────────────────────────────────────────",
    "",
  ].join("\n");
}

/** What the banner says of the new-address hold: on the embedded default there is none unless set. */
function holdLine(policy: WithdrawalPolicy): string {
  const hours = policy.newAddressHoldMs / 3_600_000;
  return hours === 0
    ? "A first withdrawal to a new address is not held here (NEW_ADDRESS_HOLD_HOURS=0): it pays out at once"
    : `A first withdrawal to a new address is held ${hours} hours (NEW_ADDRESS_HOLD_HOURS)`;
}
