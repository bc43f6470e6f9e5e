import { randomBytes } from "node:crypto";
import { type Cookie, expect, type Page } from "@playwright/test";

/** An account a test made for itself (tests that change a password or 2FA never share one). */
export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** The seeded accounts (made on the server's first start). Only for tests that change nothing. */
export const seeded = {
  customer: { name: "Demo User", email: "demo@example.com", password: "demo-password" },
  staff: { name: "Admin", email: "admin@example.com", password: "admin-password" },
  /** The second member of staff: a withdrawal above the dual amount needs both (four eyes). */
  secondStaff: { name: "Approver", email: "approver@example.com", password: "approver-password" },
} as const satisfies Record<string, TestAccount>;

/** A fresh, unique account: parallel tests never meet. Emails are lowercase, as the server keeps them. */
export function newAccount(): TestAccount {
  const id = `${Date.now()}-${randomBytes(4).toString("hex")}`;
  return { name: `E2E Tester ${id}`, email: `e2e-${id}@example.com`, password: `pw-${id}` };
}

/**
 * Signs up through the sign-up screen and waits for the KYC introduction: the browser then holds the new
 * customer's session. Returns the account.
 */
export async function signUp(page: Page, account: TestAccount = newAccount()): Promise<TestAccount> {
  await page.goto("/auth/signup");
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/auth\/kyc\/intro$/);
  return account;
}

/** Forgets the session in this browser (as if it had been closed), without calling logout. */
export async function dropSession(page: Page): Promise<void> {
  await page.context().clearCookies();
}

/** The session cookie (`satsbank_session`; `__Host-` in production), not the other cookies the bank sets. */
export async function sessionCookie(page: Page): Promise<Cookie> {
  const cookies = await page.context().cookies();
  const session = cookies.filter((cookie) => cookie.name.replace(/^__Host-/, "") === "satsbank_session");
  expect(session, "one session cookie").toHaveLength(1);
  const [cookie] = session;
  if (cookie === undefined) throw new Error("no session cookie");
  return cookie;
}
