import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { balanceCard, btcTextFromSats, moneyAccounts } from "../support/money.js";
import { sandboxMine, sandboxPay, sandboxWorkerPass } from "../support/sandbox.js";
import { signInWithEmailCode } from "../support/sign-in.js";

// Money that moves on screen (issue 21): what the notification stream tells refreshes the open screen, with
// no reload and no change of screen. The withdrawal is bob's, to the outside address his seeded withdrawal
// paid (so no hold applies), below the review amount, of an amount unique to this spec and its run; no
// test asserts bob's balance (support/money.ts).

test.describe.configure({ timeout: 60_000 });

/** Counts the page's full loads (a reload, a new document) from now on; a screen's own updates are none. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  return () => loads;
}

/** The outside address the signed-in customer paid before: their seeded withdrawal's. */
async function paidAddress(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/transactions?filter=sent&limit=100");
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as {
    items: { withdrawal: unknown; counterparty: { address: string | null } }[];
  };
  const address = items.find((item) => item.withdrawal !== null)?.counterparty.address;
  if (!address) throw new Error("bob's seed has no withdrawal");
  return address;
}

test("a deposit mined while the dashboard is open changes the balance and the list without a reload", async ({
  page,
}) => {
  await signUp(page);
  const { address } = (await (await page.request.get("/api/wallet/receive")).json()) as { address: string };
  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText(btcTextFromSats(0n));
  const recent = page.getByRole("region", { name: "Recent Transactions" });
  await expect(recent).toContainText("No recent transactions");
  const loads = countLoads(page);

  await sandboxPay(page.request, address, 125_000n);
  // Seen in the mempool: the list shows it at once, to the customer's own address, counting its
  // confirmations (another spec's block may have confirmed it already: then it is completed).
  const row = recent.getByRole("listitem").first();
  await expect(row).toContainText(`Received to your address ${address.slice(0, 8)}...`);
  await expect(row).toContainText("+0.00125000 BTC");
  await expect(row).toContainText(/Pending.*0 of 1 confirmation|Completed/);

  await sandboxMine(page.request, 1);
  await expect(balanceCard(page)).toContainText(btcTextFromSats(125_000n));
  await expect(row).toContainText("Completed");
  await expect(row).not.toContainText("Pending");
  await expect(page.getByText("You received 0.00125000 BTC", { exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You received 0.00125000 BTC" })).toHaveText(
    "You received 0.00125000 BTC. It is in your balance.",
  );
  // The notifications list records it although every switch is off (a new customer's settings).
  await expect(page.getByRole("link", { name: /^Notifications \(\d+ unread\)$/ })).toBeVisible();
  expect(loads()).toBe(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a withdrawal turns completed on screen when its payout is mined, and a 'Withdrawal confirmed' notification follows", async ({
  page,
}) => {
  const sats = 10_321n + BigInt(test.info().repeatEachIndex);
  const shown = btcTextFromSats(sats);
  await signInWithEmailCode(page, moneyAccounts.bob);
  const address = await paidAddress(page.request);
  await page.goto("/wallet");
  const activity = page.getByRole("list", { name: "Recent Activity" });
  await expect(activity).toBeVisible();
  const loads = countLoads(page);

  // Sent from another tab of bob's: this screen hears of it through the stream.
  const sent = await page.request.post("/api/wallet/send", {
    data: { recipient: address, amountSats: sats.toString(), idempotencyKey: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const row = activity.getByRole("listitem").filter({ hasText: `-${shown}` });
  // Pending until a block holds its payout; specs running alongside mine blocks too, so it may already
  // have gone through: either way it reached this screen without a reload (loads() below).
  await expect(row).toContainText(/Pending|Completed/);
  // Its fee under the amount: the rows add up to the balance.
  await expect(row).toContainText("Fee 0.00001000 BTC");

  // The worker pays it out (broadcast), a block confirms it: the row turns completed where it is.
  await sandboxWorkerPass(page.request);
  await sandboxMine(page.request, 1);
  await expect(row).toContainText("Completed");
  await expect(row).not.toContainText("Pending");
  expect(loads()).toBe(0);
  await expect(page).toHaveURL(/\/wallet$/);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Notifications/ })
    .click();
  const confirmed = page
    .getByRole("list", { name: "Notifications" })
    .getByRole("button")
    .filter({ hasText: "Withdrawal confirmed" })
    .filter({ hasText: shown });
  await expect(confirmed).toHaveCount(1);
  await expect(confirmed).toContainText(`Your withdrawal of ${shown} to ${address}`);
});
