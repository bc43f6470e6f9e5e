import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";

// The screens below need an account: each test signs up a fresh one (sign-up signs in).

test("the theme starts light, toggles, and survives a reload without a flash", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard");
  const html = page.locator("html");
  await expect(html).toHaveClass(/(^|\s)light(\s|$)/);
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(html).not.toHaveClass(/(^|\s)light(\s|$)/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  // The class must be right before the app's own script runs: read it at DOMContentLoaded.
  await page.reload({ waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => document.documentElement.className)).toMatch(/(^|\s)dark(\s|$)/);
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);

  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(html).toHaveClass(/(^|\s)light(\s|$)/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});

const items = [
  { name: "Home", path: "/dashboard" },
  { name: "Wallet", path: "/wallet" },
  { name: "History", path: "/history" },
  { name: "Notifications", path: "/notifications" },
  { name: "Profile", path: "/profile" },
] as const;

test("bottom navigation marks exactly the active item", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of items) {
    await nav.getByRole("link", { name: item.name, exact: true }).click();
    const expected = item.path === "/profile" ? /\/profile\/account$/ : new RegExp(`${item.path}$`);
    await expect(page).toHaveURL(expected);
    for (const other of items) {
      const link = nav.getByRole("link", { name: other.name, exact: true });
      if (other.name === item.name) await expect(link).toHaveAttribute("aria-current", "page");
      else await expect(link).not.toHaveAttribute("aria-current", "page");
    }
  }
});

test("Profile stays active on every profile page; Wallet is not active on /wallet/send", async ({ page }) => {
  await signUp(page);
  await page.goto("/profile/security");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
    "aria-current",
    "page",
  );

  await page.goto("/wallet/send");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
});

test("each screen names itself in the tab, and a navigation moves the focus to its heading", async ({
  page,
}) => {
  await page.goto("/auth/login");
  await expect(page).toHaveTitle("Sign in · Satsbank");
  // The first screen of a visit leaves the focus to the browser (the skip link comes first).
  await expect(page.getByRole("heading", { level: 1 })).not.toBeFocused();

  await signUp(page);
  await expect(page).toHaveTitle("Verify Your Identity · Satsbank");
  await page.goto("/dashboard");
  await expect(page).toHaveTitle("Dashboard · Satsbank");
  const screens = [
    { item: "Wallet", title: "Wallet" },
    { item: "History", title: "Transaction History" },
    { item: "Notifications", title: "Notifications" },
    { item: "Profile", title: "Account Details" },
    { item: "Home", title: "Dashboard" },
  ] as const;
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const screen of screens) {
    await nav.getByRole("link", { name: screen.item, exact: true }).click();
    await expect(page).toHaveTitle(`${screen.title} · Satsbank`);
    await expect(page.getByRole("heading", { level: 1, name: screen.title })).toBeFocused();
  }
});
