import { expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";

// Issue 25: sign-in and the splash arrive drawn (apps/web/build/prerender.ts), the dashboard with its
// frame and the balance card's skeleton, so the first paint needs no script.

test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in is drawn, and its button waits for the app", async ({ page }) => {
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    // A form the browser submitted itself would put the password in the address.
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeDisabled();
  });

  test("the splash is drawn", async ({ page }) => {
    await page.goto("/splash");
    await expect(page.getByText("The Future of Bitcoin Banking")).toBeVisible();
  });

  test("the dashboard shows its frame and the balance card loading", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Total Balance" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Home" })).toBeVisible();
  });
});

/** Console errors and uncaught exceptions: a hydration mismatch or a CSP violation shows as one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("the app takes sign-in over without redrawing it, and the button works", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the dashboard's shell gives way to the balance", async ({ page }) => {
  await signUp(page);
  const errors = collectErrors(page);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/dashboard");
  const balance = page.getByRole("region", { name: "Total Balance" });
  await expect(balance).toContainText("0.00000000 BTC");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  // Asked for once, early (public/early-data.js), and that answer used: not asked again by the app.
  expect(asked.filter((path) => path === "/api/auth/me")).toHaveLength(1);
  expect(asked.filter((path) => path === "/api/wallet")).toHaveLength(1);
  expect(errors).toEqual([]);
});
