import { expect, test } from "@playwright/test";
import { balanceCard, btcTextFromSats, historyRows, moneyAccounts, shownBalance } from "../support/money.js";
import { sandboxMine } from "../support/sandbox.js";
import { signInWithEmailCode } from "../support/sign-in.js";

const { farhan } = moneyAccounts;

// Both tests read farhan's balance: one at a time.
test.describe.configure({ mode: "serial" });

/** A valid regtest address outside the bank (the BIP84 test vectors' first; the e2e bank's seed is new). */
const OUTSIDE = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";

async function balanceFromApi(request: import("@playwright/test").APIRequestContext): Promise<bigint> {
  const res = await request.get("/api/wallet");
  expect(res.ok()).toBe(true);
  return BigInt(((await res.json()) as { balanceSats: string }).balanceSats);
}

test("a withdrawal shows the fee and total, takes amount + fee, and is completed with its txid once mined", async ({
  page,
}) => {
  await signInWithEmailCode(page, farhan);
  const before = await shownBalance(page);
  expect(before, "farhan needs at least 0.00051 BTC in the seed").toBeGreaterThanOrEqual(51_000n);

  await page.goto("/wallet/send");
  await page.getByLabel("Recipient", { exact: true }).fill(OUTSIDE);
  await page.getByLabel("Amount (BTC)").fill("0.0005");
  await page.getByRole("button", { name: "Continue" }).click();
  const review = page.getByRole("dialog", { name: "Review Transaction" });
  await expect(review.getByText(OUTSIDE, { exact: true })).toBeVisible();
  await expect(review.getByText("0.00050000 BTC", { exact: true })).toBeVisible();
  await expect(review.getByText("0.00001000 BTC", { exact: true })).toBeVisible();
  await expect(review.getByText("0.00051000 BTC", { exact: true })).toBeVisible();
  await review.getByRole("button", { name: "Confirm & Send" }).click();

  await expect(page.getByText("Bitcoin sent successfully", { exact: true })).toBeVisible();
  await expect(balanceCard(page).getByText(btcTextFromSats(before - 51_000n), { exact: true })).toBeVisible();
  await page.goto("/history");
  const row = historyRows(page).first();
  await expect(row).toContainText(`Sent to ${OUTSIDE.slice(0, 8)}...`);
  await expect(row).toContainText("-0.00050000 BTC");
  await expect(row).toContainText("Pending");

  // A block: the worker's payout (paid before mining) is in it, and the withdrawal completes.
  await sandboxMine(page.request, 1);
  await page.reload();
  await expect(row).toContainText("Completed");
  await row.getByRole("button").click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(details.getByText("0.00001000 BTC", { exact: true })).toBeVisible();
  await expect(details.getByText("Confirmations")).toBeVisible();
  expect(await balanceFromApi(page.request)).toBe(before - 51_000n);
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
