import { expect, test } from "@playwright/test";
import { newAccount, signUp } from "../support/accounts.js";
import { Inbox } from "../support/mailbox.js";

test("sign-up mails a link that confirms the email; until then the send screen says so and can resend it", async ({
  page,
  request,
}) => {
  const account = newAccount();
  const inbox = await Inbox.open(request, account.email);
  await signUp(page, account);
  await inbox.nextVerificationPath();

  await page.goto("/wallet/send");
  const emailNotice = page
    .getByRole("status")
    .filter({ hasText: "Confirm your email address before sending Bitcoin" });
  await expect(emailNotice).toBeVisible();
  await expect(emailNotice).toContainText(account.email);
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();

  await emailNotice.getByRole("button", { name: "Resend link" }).click();
  await expect(page.getByText("Link sent", { exact: true })).toBeVisible();
  const link = await inbox.nextVerificationPath();

  await page.goto(link);
  await expect(page).toHaveTitle(/^Verify your email/);
  await expect(page.getByRole("status").filter({ hasText: "Your email address is verified." })).toBeVisible();
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Confirmed: the send screen now asks only for identity verification.
  await page.goto("/wallet/send");
  await expect(
    page.getByRole("status").filter({ hasText: "Verify your identity and address before sending Bitcoin" }),
  ).toBeVisible();
  await expect(emailNotice).toHaveCount(0);

  // The link works once; opened again it says the address is verified already.
  await page.goto(link);
  await expect(
    page.getByRole("status").filter({ hasText: "Your email address is already verified." }),
  ).toBeVisible();
});

test("a link that is not one the bank mailed is refused and says so", async ({ page }) => {
  await page.goto("/auth/verify-email?token=not-a-real-token");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "verified" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});
