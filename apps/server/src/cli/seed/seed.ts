import { eq } from "drizzle-orm";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import { appSettings } from "../../db/schema/index.js";
import { AppError } from "../../domain/app-error.js";
import { createStaff } from "../../modules/auth/create-staff.js";
import { signUp } from "../../modules/auth/sign-up.js";
import { DEMO_PASSWORD, demoCustomers, demoStaff } from "./demo-accounts.js";
import { type DemoMoneyInput, seedDemoMoney } from "./seed-money.js";
import {
  type DemoNotificationsInput,
  seedDemoNotifications,
  seedNotificationSettings,
} from "./seed-notifications.js";

/** app_settings key: the embedded default seeds on its first start only. */
export const SEEDED_SETTING = "demo_data_seeded";

const alreadyExists = (error: unknown) => error instanceof AppError && error.code === "CONFLICT";

export type SeedInput = DemoMoneyInput & Pick<DemoNotificationsInput, "authKeys" | "brandName">;

/**
 * Makes the demo accounts through the real use cases (sign-up for customers, create-staff for the
 * admin), skipping any whose email already has an account; the demo customer's Notification Settings;
 * everyone's identity checks and money on the sandbox chain (seed-money.ts); then the demo customer's
 * sign-ins, staff messages and read notifications (seed-notifications.ts): running it twice changes
 * nothing. Returns the emails it created.
 */
export async function seedDemoData(input: SeedInput): Promise<string[]> {
  const { db, clock } = input;
  const now = clock.now();
  const ctx = { db, clock, limiter: createRateLimiter({ db, clock }) };
  const created: string[] = [];
  for (const customer of demoCustomers) {
    try {
      await signUp({ ctx, ...customer, password: DEMO_PASSWORD, client: null });
      created.push(customer.email);
    } catch (error) {
      if (!alreadyExists(error)) throw error;
    }
  }
  try {
    await createStaff({ ctx, ...demoStaff });
    created.push(demoStaff.email);
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
  await seedNotificationSettings({ db, now });
  await seedDemoMoney(input);
  await seedDemoNotifications({ ...input, now });
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
export function demoSignIns(publicUrl: string): string {
  const others = demoCustomers.slice(1).map((customer) => customer.email);
  const rows: string[] = [];
  for (let i = 0; i < others.length; i += 3) rows.push(others.slice(i, i + 3).join(", "));
  return [
    "",
    "┌─ Demo sign-ins (embedded database) ─────────────────────────────────────────",
    `│ customer   ${demoCustomers[0]?.email}    password ${DEMO_PASSWORD}`,
    `│ staff      ${demoStaff.email}   password ${demoStaff.password}`,
    `│ more customers, all with password ${DEMO_PASSWORD}:`,
    ...rows.map((row) => `│   ${row}`),
    `│ Sign-in codes and reset links arrive in the dev mailbox: ${publicUrl}/dev/mailbox`,
    "└──────────────────────────────────────────────────────────────────────────────",
    "",
  ].join("\n");
}
