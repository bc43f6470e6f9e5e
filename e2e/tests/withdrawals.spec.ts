import { expect, test } from "@playwright/test";
import { balanceCard, btcTextFromSats, historyRows, moneyAccounts, shownBalance } from "../support/money.js";
import { signInWithEmailCode } from "../support/sign-in.js";

const { farhan } = moneyAccounts;

// A first withdrawal to a new address is held (NEW_ADDRESS_HOLD_HOURS in playwright.config.ts) and no
// test waits it out; paying out, staff's approvals and rejections are withdrawal-approvals.spec.ts's.
// Both tests read farhan's balance: one at a time.
test.describe.configure({ mode: "serial" });

/** A valid regtest address outside the bank (the BIP84 test vectors' first; the e2e bank's seed is new). */
const OUTSIDE = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";

async function balanceFromApi(request: import("@playwright/test").APIRequestContext): Promise<bigint> {
  const res = await request.get("/api/wallet");
  expect(res.ok()).toBe(true);
  return BigInt(((await res.json()) as { balanceSats: string }).balanceSats);
}

test("a first withdrawal to a new address is held, says so before and after, and cancelled gives the money back", async ({
  page,
}) => {
  await signInWithEmailCode(page, farhan);
  const before = await shownBalance(page);
  expect(before, "farhan needs at least 0.00041 BTC in the seed").toBeGreaterThanOrEqual(41_000n);

  await page.goto("/wallet/send");
  await page.getByLabel("Recipient", { exact: true }).fill(OUTSIDE);
  await page.getByLabel("Amount (BTC)").fill("0.0004");
  await page.getByRole("button", { name: "Continue" }).click();
  const review = page.getByRole("dialog", { name: "Review Transaction" });
  await expect(review.getByText(OUTSIDE, { exact: true })).toBeVisible();
  await expect(review.getByText("0.00040000 BTC", { exact: true })).toBeVisible();
  await expect(review.getByText("0.00001000 BTC", { exact: true })).toBeVisible();
  await expect(review.getByText("0.00041000 BTC", { exact: true })).toBeVisible();
  // Below the review amount: only the hold of a first withdrawal to this address.
  const hold = review.getByRole("note", { name: "Withdrawal hold" });
  await expect(hold).toContainText("Held for 24 hours");
  await expect(hold).toContainText(
    "This is your first withdrawal to this address: it will be held for 24 hours before it is sent. Until then you can cancel it from your history.",
  );
  await expect(review.getByRole("note", { name: "Staff review" })).toHaveCount(0);
  await review.getByRole("button", { name: "Confirm & Send" }).click();

  await expect(
    page.getByText(/^Withdrawal held until [A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d$/),
  ).toBeVisible();
  await expect(page.getByText("It is sent then, unless you cancel it from your history.")).toBeVisible();
  await expect(page.getByText("Bitcoin sent successfully", { exact: true })).toHaveCount(0);
  await expect(balanceCard(page).getByText(btcTextFromSats(before - 41_000n), { exact: true })).toBeVisible();

  await page.goto("/history");
  // The newest withdrawal of this amount (a repeated run's cancelled ones stay in the history).
  const row = historyRows(page).filter({ hasText: "Pending" }).filter({ hasText: "-0.00040000 BTC" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Sent to ${OUTSIDE.slice(0, 8)}...`);
  await expect(row).toContainText("Pending");
  await expect(row).toContainText(/Held until [A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d/);

  await row.getByRole("button").click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toContainText("You can cancel it until it is sent.");
  await details.getByRole("button", { name: "Cancel withdrawal" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel this withdrawal?" });
  await expect(confirm).toContainText("(0.00041000 BTC in all) come back to your balance.");
  await confirm.getByRole("button", { name: "Cancel withdrawal" }).click();
  await expect(page.getByText("Withdrawal cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("0.00041000 BTC is back in your balance.")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(details).toContainText("Cancelled");
  await expect(details.getByRole("button", { name: "Cancel withdrawal" })).toHaveCount(0);
  await details.getByRole("button", { name: "Close" }).click();
  await expect(historyRows(page).first()).toContainText("Failed");
  await expect(historyRows(page).first()).toContainText("Cancelled");
  expect(await balanceFromApi(page.request)).toBe(before);
});

test("a mistyped address is refused on the form and by the server, and moves nothing", async ({ page }) => {
  await signInWithEmailCode(page, farhan);
  const before = await balanceFromApi(page.request);
  await page.goto("/wallet/send");
  const recipient = page.getByLabel("Recipient", { exact: true });
  // The last character changed: the bech32 checksum fails.
  await recipient.fill(`${OUTSIDE.slice(0, -1)}x`);
  await page.getByLabel("Amount (BTC)").fill("0.0001");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Invalid recipient", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText("That is not a valid Bitcoin address: check it and try again", { exact: true }).first(),
  ).toBeVisible();
  await expect(recipient).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("dialog", { name: "Review Transaction" })).toHaveCount(0);
  expect(await balanceFromApi(page.request)).toBe(before);
});
