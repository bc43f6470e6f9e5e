import { expect, test } from "@playwright/test";
import { dropSession, newAccount, seeded, sessionCookie, signUp } from "../support/accounts.js";
import { Inbox } from "../support/mailbox.js";
import { signInWithEmailCode, submitCode, submitCredentials } from "../support/sign-in.js";

test.describe("sign-up", () => {
  test("validates, creates the account, signs in and opens the KYC introduction", async ({ page }) => {
    const account = newAccount();
    await page.goto("/auth/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();

    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();

    await page.getByLabel("Full name").fill(account.name);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm password").fill(`${account.password}x`);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel("Confirm password").fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Account created")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/kyc\/intro$/);

    // The session is real: the profile shows the new account after a reload.
    await page.goto("/profile/account");
    await expect(page.getByRole("region", { name: "Your profile" }).getByText(account.name)).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText("Not provided")).toBeVisible();
  });

  test("a taken email is said on the Email field", async ({ page }) => {
    const account = await signUp(page);
    await dropSession(page);
    await page.goto("/auth/signup");
    await page.getByLabel("Full name").fill("Someone Else");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("another-password");
    await page.getByLabel("Confirm password").fill("another-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth\/signup$/);
  });
});

test.describe("two-step sign-in", () => {
  test("password, then the emailed code; Remember me keeps the session cookie", async ({ page }) => {
    const account = await signUp(page);
    await dropSession(page);
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await signInWithEmailCode(page, account, { remember: true, startHere: true });
    await expect(page).toHaveURL(/\/dashboard$/);

    const session = await sessionCookie(page);
    const inAWeek = Date.now() / 1000 + 7 * 24 * 3600;
    expect(session.expires).toBeGreaterThan(inAWeek);
  });

  test("without Remember me the session ends with the browser", async ({ page }) => {
    const account = await signUp(page);
    await dropSession(page);
    await signInWithEmailCode(page, account);
    expect((await sessionCookie(page)).expires).toBe(-1);
  });

  test("wrong credentials get one generic message", async ({ page }) => {
    const account = await signUp(page);
    await dropSession(page);
    await page.goto("/auth/login");
    await submitCredentials(page, { email: account.email, password: "wrong-password" });
    const wrongPassword = await page.getByRole("alert").textContent();
    await submitCredentials(page, { email: `nobody-${account.email}`, password: "wrong-password" });
    await expect(page.getByRole("alert")).toHaveText(wrongPassword ?? "");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  });

  test("a wrong code is refused and the right one still works", async ({ page }) => {
    const account = await signUp(page);
    await dropSession(page);
    const inbox = await Inbox.open(page.request, account.email);
    await page.goto("/auth/login");
    await submitCredentials(page, account);
    const verify = page.getByRole("button", { name: "Verify & Login" });
    await expect(verify).toBeDisabled();
    const code = await inbox.nextCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await submitCode(page, wrong);
    await expect(page.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await submitCode(page, code);
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("Back to login returns to step 1 keeping the email", async ({ page }) => {
    const account = await signUp(page);
    await dropSession(page);
    await page.goto("/auth/login");
    await submitCredentials(page, account);
    await expect(page.getByText("We sent a 6-digit code to your email.")).toBeVisible();
    await page.getByRole("button", { name: "Back to login" }).click();
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
  });

  test("staff land on /admin", async ({ page }) => {
    await signInWithEmailCode(page, seeded.staff);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });
});

test.describe("route guards", () => {
  test("a signed-out visit to /wallet signs in first, then lands on /wallet", async ({ page }) => {
    const account = await signUp(page);
    await dropSession(page);
    await page.goto("/wallet");
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fwallet$/);
    await signInWithEmailCode(page, account, { startHere: true });
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
  });

  test("a customer opening /admin lands on /dashboard", async ({ page }) => {
    await signUp(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("Log Out asks first, ends the session and opens sign-in", async ({ page }) => {
  await signUp(page);
  await page.goto("/profile/account");
  const menu = page.getByRole("navigation", { name: "Profile" });

  await menu.getByRole("button", { name: "Log Out" }).click();
  const dialog = page.getByRole("alertdialog", { name: /^Log out of .+\?$/ });
  await expect(dialog).toContainText(
    "You'll need to log in again with your credentials to access your account.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile\/account$/);

  await menu.getByRole("button", { name: "Log Out" }).click();
  await dialog.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The server revoked the session: the guard sends us back to sign-in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fdashboard$/);
});

test("password reset through the mailed link", async ({ page }) => {
  const account = await signUp(page);
  await dropSession(page);
  const inbox = await Inbox.open(page.request, account.email);

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password" }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const sent = page.getByRole("status").filter({ hasText: "If an account exists for that email" });
  await expect(sent).toBeVisible();

  // The same answer for an address that has no account.
  await page.reload();
  await page.getByLabel("Email").fill(`nobody-${account.email}`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(sent).toBeVisible();

  const resetPath = await inbox.nextResetPath();
  await page.goto(resetPath);
  await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
  const newPassword = `${account.password}-reset`;
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The link works once.
  await page.goto(resetPath);
  await page.getByLabel("New password").fill(`${newPassword}-again`);
  await page.getByLabel("Confirm password").fill(`${newPassword}-again`);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByRole("alert")).toBeVisible();

  // The old password is gone; the new one signs in.
  await page.goto("/auth/login");
  await submitCredentials(page, account);
  await expect(page.getByRole("alert")).toBeVisible();
  await signInWithEmailCode(page, { email: account.email, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
});
