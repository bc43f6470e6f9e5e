import { expect, type Page, test } from "@playwright/test";
import { dropSession, signUp } from "../support/accounts.js";
import { signInWithEmailCode, submitCode, submitCredentials } from "../support/sign-in.js";
import { Authenticator } from "../support/totp.js";

async function openSecurity(page: Page) {
  await page.goto("/profile/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security Settings" })).toBeVisible();
}

test("change the password, then sign in with the new one", async ({ page }) => {
  const account = await signUp(page);
  await openSecurity(page);
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog.getByLabel("Current Password")).toHaveAttribute("type", "password");

  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog.getByText("Current password is required")).toBeVisible();
  await expect(dialog.getByText("Password confirmation is required")).toBeVisible();

  const newPassword = `${account.password}-new`;
  await dialog.getByLabel("Current Password").fill("not-my-password");
  await dialog.getByLabel("New Password", { exact: true }).fill(newPassword);
  await dialog.getByLabel("Confirm New Password").fill(newPassword);
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Current Password").fill(account.password);
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed successfully")).toBeVisible();
  await expect(page.getByText("Your password has been updated")).toBeVisible();
  await expect(dialog).toBeHidden();

  await dropSession(page);
  await page.goto("/auth/login");
  await submitCredentials(page, account);
  await expect(page.getByRole("alert")).toBeVisible();
  await signInWithEmailCode(page, { email: account.email, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("enrol an authenticator, sign in with it, turn it off", async ({ page }) => {
  const account = await signUp(page);
  await openSecurity(page);
  const toggle = page.getByRole("switch", { name: "Two-Factor Authentication" });
  await expect(toggle).not.toBeChecked();

  // The current password first; Cancel leaves it off.
  await toggle.click();
  const enrol = page.getByRole("dialog", { name: "Set up two-factor authentication" });
  await enrol.getByLabel("Current Password").fill(account.password);
  await enrol.getByRole("button", { name: "Continue" }).click();
  await expect(enrol.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await enrol.getByRole("button", { name: "Cancel" }).click();
  await expect(enrol).toBeHidden();
  await expect(toggle).not.toBeChecked();

  // Opening it again starts over: a wrong password shows on its field and no secret.
  await toggle.click();
  await enrol.getByLabel("Current Password").fill("not my password");
  await enrol.getByRole("button", { name: "Continue" }).click();
  await expect(enrol.getByText("Current password is incorrect")).toBeVisible();
  await expect(enrol.locator("code")).toHaveCount(0);
  await enrol.getByLabel("Current Password").fill(account.password);
  await enrol.getByRole("button", { name: "Continue" }).click();
  await expect(enrol.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await enrol.locator("code").textContent())?.replace(/\s+/g, "") ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const app = new Authenticator(secret, page.request);

  await enrol.getByLabel("Authentication code").fill(await app.wrongCode());
  await enrol.getByRole("button", { name: "Enable" }).click();
  await expect(enrol.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");

  await enrol.getByLabel("Authentication code").fill(await app.freshCode());
  await enrol.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByText("Two-factor authentication enabled")).toBeVisible();
  // Then the recovery codes, shown once (recovery-codes.spec.ts uses them).
  await expect(enrol.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await enrol.getByRole("button", { name: "I've saved my codes" }).click();
  await expect(enrol).toBeHidden();
  await expect(toggle).toBeChecked();

  // Sign in again: the second step now asks for the authenticator's code.
  await dropSession(page);
  await page.goto("/auth/login");
  await submitCredentials(page, account);
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  await submitCode(page, await app.freshCode());
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turning it off needs a current code.
  await openSecurity(page);
  await expect(toggle).toBeChecked();
  await toggle.click();
  const disable = page.getByRole("dialog", { name: "Turn off two-factor authentication" });
  await disable.getByLabel("Authentication code").fill(await app.freshCode());
  await disable.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-factor authentication disabled")).toBeVisible();
  await expect(toggle).not.toBeChecked();
});

test("login history lists the sign-in", async ({ page }) => {
  const account = await signUp(page);
  await dropSession(page);
  await signInWithEmailCode(page, account);
  await openSecurity(page);
  await page.getByRole("button", { name: "View Login History" }).click();
  const dialog = page.getByRole("dialog", { name: "Login History" });
  await expect(dialog).toContainText("Review your recent account login activity.");
  // At 390 px each sign-in is a card with every field labelled.
  const card = dialog.getByRole("list", { name: "Sign-in attempts" }).getByRole("listitem").first();
  for (const label of ["Date & Time", "Device", "Location", "IP Address", "Status"]) {
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(card).toContainText("Success");
  await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
  await expect(dialog.getByRole("table")).toBeHidden();

  // Where it fits, the table with its five columns.
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = dialog.getByRole("table");
  for (const header of ["Date & Time", "Device", "Location", "IP Address", "Status"]) {
    await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
  }
  const firstRow = table.getByRole("row").nth(1);
  await expect(firstRow).toContainText("Success");
  await expect(firstRow.getByRole("cell").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});
