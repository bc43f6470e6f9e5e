import { expect, type Page, test } from "@playwright/test";
import { signInWithEmailCode } from "../support/sign-in.js";

// Issue 25: the dashboard's page arrives with a shell (apps/web/src/prerender/dashboard-shell.tsx) that
// the app replaces; nothing the person already sees may move as it does, nor as the screen's data arrives.
// Measured by the browser's own layout-shift entries (what CLS is made of), never by a timing.

/** A demo customer (seeded): verified, with a balance and transactions. Only read here. */
const alice = { email: "alice@example.com", password: "demo-password" };

/** One layout-shift entry, with the elements that moved (for the failure message). */
interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

/** Records every layout shift of the page from its first byte (an init script runs before the page's own). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const label = node.getAttribute("aria-label") ?? node.textContent?.trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 3).join(".")} "${label}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & Shift[]) {
        const sources = (entry as unknown as { sources?: { node: Node | null }[] }).sources ?? [];
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: sources.map((source) => describe(source.node)),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test("the signed-in dashboard loads without moving what is on the screen (CLS under 0.05)", async ({
  browser,
  page,
}) => {
  await signInWithEmailCode(page, alice);
  // A new context with the session: an empty cache, as on a first visit (and as Lighthouse loads it).
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const fresh = await context.newPage();
  await recordLayoutShifts(fresh);
  await fresh.goto("/dashboard");

  await expect(fresh.getByRole("region", { name: "Total Balance" })).toContainText("BTC");
  await expect(fresh.getByRole("list", { name: "Recent Transactions" })).toBeVisible();
  await expect(fresh.getByText(/^Loading /)).toHaveCount(0);
  await expect(fresh.locator("[aria-busy=true]")).toHaveCount(0);
  await fresh.waitForLoadState("networkidle");

  const shifts = await fresh.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  const unexpected = shifts.filter((shift) => !shift.hadRecentInput);
  const cumulative = unexpected.reduce((sum, shift) => sum + shift.value, 0);
  expect(cumulative, `layout shifts: ${JSON.stringify(unexpected, null, 1)}`).toBeLessThan(0.05);
  await context.close();
});

test("sign-in does not move when the sandbox banner appears: the page keeps its place from the first paint", async ({
  page,
}) => {
  await recordLayoutShifts(page);
  await page.goto("/auth/login");
  // The server marks its pages with its chain; the app draws the banner once GET /api/meta answers.
  await expect(page.locator("html")).toHaveAttribute("data-chain", "sandbox");
  await expect(page.getByRole("complementary", { name: "Test network" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  await page.waitForLoadState("networkidle");

  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  const cumulative = shifts.reduce((sum, shift) => sum + shift.value, 0);
  // Without the kept place the whole column moved down by the banner's height (0.03 to 0.04 at a phone's
  // width); what is left is the links under the form, when the passkey button comes (under 0.01).
  expect(cumulative, `layout shifts: ${JSON.stringify(shifts, null, 1)}`).toBeLessThan(0.02);
});
