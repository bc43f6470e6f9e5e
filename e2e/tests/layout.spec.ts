import { expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, seeded } from "../support/accounts.js";
import { moneyAccounts } from "../support/money.js";
import { signInWithEmailCode } from "../support/sign-in.js";

// What covered or cut what, measured in the browser (issue 21, items 8, 9, 12, 13 and 15): the Sandbox
// banner over headings, toasts over a screen's title, back button and tab bar, a button's label past its
// edge, staff tables running past a laptop's window, staff tabs out of sight on a phone, a name cut with
// room to spare, a username broken mid-word. David only looks (support/money.ts).

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error("not laid out");
  return found;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectApart(a: Locator, b: Locator, what: string) {
  expect(overlap(await box(a), await box(b)), what).toBe(false);
}

/** Whether an element's content runs past its own box (scrolled or clipped). */
function overflows(locator: Locator) {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

const banner = (page: Page) => page.getByRole("complementary", { name: "Test network" });

test.describe("a customer's screens at 390 px", () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInWithEmailCode(page, moneyAccounts.david);
  });

  test("the Sandbox banner takes its own place above the page, never over a heading", async ({ page }) => {
    for (const [path, heading] of [
      ["/wallet", "Wallet"],
      ["/profile/kyc", "KYC & Verification"],
    ] as const) {
      await page.goto(path);
      const title = page.getByRole("heading", { level: 1, name: heading });
      await expect(title).toBeVisible();
      await expect(banner(page)).toBeVisible();
      await expectApart(banner(page), title, `the banner and "${heading}"`);
      // In the page's flow: it scrolls away with the page rather than floating over it.
      expect(await banner(page).evaluate((element) => getComputedStyle(element).position)).toBe("static");
    }
  });

  test("a toast sits above the tab bar and clear of the title and the back button", async ({ page }) => {
    await page.goto("/profile/account");
    await page.getByRole("button", { name: "Copy user ID" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "User ID copied" });
    await expect(toast).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(toast).not.toHaveAttribute("data-mounted", "false");
    await page.waitForTimeout(500); // the toast's entrance
    expect((await box(toast)).y + (await box(toast)).height).toBeLessThanOrEqual((await box(nav)).y);

    await page.goto("/wallet/receive");
    await page.getByRole("button", { name: "Share" }).click();
    const shared = page.locator("[data-sonner-toast]").filter({ hasText: "Sharing not supported" });
    await expect(shared).toBeVisible();
    await page.waitForTimeout(500);
    await expectApart(shared, page.getByRole("link", { name: "Back" }), "the toast and Back");
    await expectApart(shared, page.getByRole("heading", { level: 1 }), "the toast and the title");
    // The address was copied: information, not an error.
    await expect(shared).toHaveAttribute("data-type", "info");
  });

  test("a long name wraps whole in the profile header, a username stays in one piece on Receive", async ({
    page,
  }) => {
    const name = "Maximiliana Rodríguez-Villanueva";
    await page.route("**/api/auth/me", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, user: { ...body.user, name } } });
    });
    await page.route("**/api/wallet/receive", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), username: "maximiliana_rv2025" } });
    });
    await page.goto("/profile/account");
    const header = page.getByRole("region", { name: "Your profile" });
    const shown = header.getByText(name, { exact: true });
    await expect(shown).toBeVisible();
    expect(await overflows(shown), "the name is cut").toBe(false);

    await page.goto("/wallet/receive");
    const username = page.getByText("maximiliana_rv2025", { exact: true });
    await expect(username).toBeVisible();
    expect(await username.evaluate((element) => element.getClientRects().length), "lines").toBe(1);
  });
});

test("Submit Verification fits its button at 390 px", async ({ page }) => {
  const account = newAccount();
  const response = await page.request.post("/api/auth/signup", {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status()).toBe(201);
  await page.goto("/auth/kyc/selfie");
  const submit = page.getByRole("button", { name: "Submit Verification" });
  await expect(submit).toBeVisible();
  expect(await overflows(submit), "the label runs past the button").toBe(false);
  const label = await submit.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect();
  });
  const button = await box(submit);
  expect(label.left).toBeGreaterThanOrEqual(button.x);
  expect(label.right).toBeLessThanOrEqual(button.x + button.width);
});

test.describe("staff", () => {
  test.beforeEach(async ({ page }) => {
    await signInWithEmailCode(page, seeded.staff);
  });

  test("at 1280 px the tables fit the window: Actions, Details and From in view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.route("**/api/admin/audit**", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const long = {
        ...body.items[0],
        id: "9999999999",
        reason: "Suspected account takeover: sign-ins from three countries within an hour and a new address",
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        details: {
          amountSats: "150000",
          address: "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk",
          sessionsEnded: 2,
        },
      };
      await route.fulfill({
        response,
        json: { ...body, items: body.items.length > 0 ? [long, ...body.items] : [] },
      });
    });
    await page.goto("/admin");
    const customers = page.getByRole("region", { name: "Banking Customers table" });
    await expect(customers).toBeVisible();
    expect(await overflows(customers), "Banking Customers runs past its region").toBe(false);

    await page.getByRole("tab", { name: "Audit Log" }).click();
    const audit = page.getByRole("region", { name: "Audit Log table" });
    await expect(audit).toBeVisible();
    expect(await overflows(audit), "the audit log runs past its region").toBe(false);
    await expect(audit).not.toContainText("sessionsEnded");
  });

  test("at 390 px every staff tab is in sight", async ({ page }) => {
    await page.goto("/admin");
    const tabs = page.getByRole("tablist", { name: "Staff tools" });
    await expect(tabs).toBeVisible();
    expect(await overflows(tabs)).toBe(false);
    const viewport = page.viewportSize();
    if (viewport === null) throw new Error("no viewport");
    for (const tab of await tabs.getByRole("tab").all()) {
      const { x, width } = await box(tab);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width, await tab.innerText()).toBeLessThanOrEqual(viewport.width);
    }
  });

  test("the Sandbox banner leaves the staff logo uncovered", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expectApart(banner(page), page.getByRole("banner").first(), "the banner and the staff header");
  });
});
