import { expect, type Page, test } from "@playwright/test";
import { dropSession, signUp } from "../support/accounts.js";
import { Inbox } from "../support/mailbox.js";
import { submitCredentials } from "../support/sign-in.js";
import { Authenticator } from "../support/totp.js";

// Issue 21: recovery codes, the way in when the authenticator app is lost; Resend code on the code step.

async function openSecurity(page: Page) {
  await page.goto("/profile/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security Settings" })).toBeVisible();
}

/** Turns two-factor on from Security; returns the recovery codes the enrolment showed, once. */
async function enrol(page: Page, password: string): Promise<string[]> {
  await openSecurity(page);
  await page.getByRole("switch", { name: "Two-Factor Authentication" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" });
  await dialog.getByLabel("Current Password").fill(password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  const secret = (await dialog.locator("code").textContent())?.replace(/\s+/g, "") ?? "";
  const app = new Authenticator(secret, page.request);
  await dialog.getByLabel("Authentication code").fill(await app.freshCode());
  await dialog.getByRole("button", { name: "Enable" }).click();
  const list = dialog.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = await list.getByRole("listitem").allTextContents();
  await expect(dialog.getByRole("link", { name: "Download codes" })).toHaveAttribute(
    "download",
    "recovery-codes.txt",
  );
  await dialog.getByRole("button", { name: "I've saved my codes" }).click();
  await expect(dialog).toBeHidden();
  return codes;
}

/** Sign-in up to the authenticator's code step, then "Lost your device?". */
async function toRecoveryStep(page: Page, account: { email: string; password: string }) {
  await dropSession(page);
  await page.goto("/auth/login");
  await submitCredentials(page, account);
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  await page.getByRole("button", { name: "Lost your device? Use a recovery code" }).click();
  await expect(page.getByRole("heading", { name: "Use a recovery code" })).toBeVisible();
}

test("without the authenticator app, a recovery code signs in once, and the customer is told", async ({
  page,
}) => {
  const account = await signUp(page);
  const codes = await enrol(page, account.password);
  expect(new Set(codes).size).toBe(10);
  const [first] = codes as [string];

  const inbox = await Inbox.open(page.request, account.email);
  await toRecoveryStep(page, account);
  await page.getByLabel("Recovery code").fill(first);
  await page.getByRole("button", { name: "Verify & Login" }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Mailed, whatever the settings, and on the notifications list.
  const mail = await inbox.next(
    (message) => (message.subject.includes("recovery code") ? message.text : undefined),
    "the recovery code email",
  );
  expect(mail).toContain("9 recovery codes are left");
  await page.goto("/notifications");
  await expect(page.getByText("Recovery code used")).toBeVisible();
  await openSecurity(page);
  await expect(page.getByText(/^9 of 10 left\./)).toBeVisible();

  // The same code again is refused on its field; the next one works.
  await toRecoveryStep(page, account);
  const field = page.getByLabel("Recovery code");
  await field.fill(first);
  await page.getByRole("button", { name: "Verify & Login" }).click();
  await expect(page.getByText("That recovery code is not correct, or it was used already.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill(codes[1] as string);
  await page.getByRole("button", { name: "Verify & Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("Resend code mails a new sign-in code; the new one signs in", async ({ page }) => {
  const account = await signUp(page);
  await dropSession(page);
  await page.goto("/auth/login");
  const inbox = await Inbox.open(page.request, account.email);
  await submitCredentials(page, account);
  await expect(page.getByText("We sent a 6-digit code to your email.")).toBeVisible();
  await inbox.nextCode();
  await page.getByRole("button", { name: "Resend code" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "We sent a new code to your email." }),
  ).toBeVisible();
  const fresh = await inbox.nextCode();
  await page.getByLabel("Authentication code").fill(fresh);
  await page.getByRole("button", { name: "Verify & Login" }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
});
