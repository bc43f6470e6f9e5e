import { expect, type Page } from "@playwright/test";
import { withAccountLock } from "./account-lock.js";
import type { TestAccount } from "./accounts.js";
import { Inbox } from "./mailbox.js";

/** Step 1 of sign-in on the current page: email, password, optional Remember me, "Sign In". */
export async function submitCredentials(
  page: Page,
  account: Pick<TestAccount, "email" | "password">,
  remember = false,
) {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  if (remember) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Step 2: types the code and presses "Verify & Login". */
export async function submitCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify & Login" }).click();
}

export interface SignInOptions {
  /** Open /auth/login?next=<next>. */
  next?: string;
  remember?: boolean;
}

/**
 * Signs in with the emailed code, from /auth/login (or the sign-in page the browser is already on when
 * `startHere` is set), and waits for "Login successful".
 */
export async function signInWithEmailCode(
  page: Page,
  account: Pick<TestAccount, "email" | "password">,
  { next, remember = false, startHere = false }: SignInOptions & { startHere?: boolean } = {},
) {
  if (!startHere) await page.goto(next ? `/auth/login?next=${encodeURIComponent(next)}` : "/auth/login");
  // Seeded accounts are shared by specs running in parallel: one sign-in at a time per account.
  await withAccountLock(account.email, async () => {
    const inbox = await Inbox.open(page.request, account.email);
    await submitCredentials(page, account, remember);
    await expect(page.getByText("We sent a 6-digit code to your email.")).toBeVisible();
    await submitCode(page, await inbox.nextCode());
    await expect(page.getByText("Login successful")).toBeVisible();
  });
}
