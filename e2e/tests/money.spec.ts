import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { dropSession, signUp } from "../support/accounts.js";
import {
  balanceCard,
  btcTextFromSats,
  expectEveryRow,
  historyRows,
  moneyAccounts,
  shownBalance,
} from "../support/money.js";
import { signInWithEmailCode } from "../support/sign-in.js";

const { demo, carol, david } = moneyAccounts;

/** A destructive toast: its title and its text, each exactly. */
async function expectToast(page: Page, title: string, text: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test("send to alice: review, confirm, the balance drops by exactly the amount, history shows it", async ({
  page,
}) => {
  const amountSats = 10_000n;
  const note = `e2e ${randomBytes(4).toString("hex")}`;
  await signInWithEmailCode(page, carol);
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await shownBalance(page);
  expect(before, "carol needs at least 0.0001 BTC in the seed").toBeGreaterThanOrEqual(amountSats);

  await page.getByRole("link", { name: "Send", exact: true }).click();
  await expect(page).toHaveURL(/\/wallet\/send$/);
  await expect(page.getByRole("heading", { level: 1, name: "Send Bitcoin" })).toBeVisible();
  await page.getByLabel("Recipient", { exact: true }).fill("alice");
  await page.getByLabel("Amount (BTC)").fill("0.0001");
  await page.getByLabel("Note (optional)").fill(note);
  await page.getByRole("button", { name: "Continue" }).click();

  const review = page.getByRole("dialog", { name: "Review Transaction" });
  await expect(review).toBeVisible();
  await expect(review.getByText("alice", { exact: true })).toBeVisible();
  await expect(review.getByText("Alice Johnson", { exact: true })).toBeVisible();
  await expect(review.getByText("0.00000000 BTC", { exact: true })).toBeVisible();
  await expect(review.getByText("0.00010000 BTC", { exact: true })).toHaveCount(2);
  await expect(review.getByText(note, { exact: true })).toBeVisible();
  await review.getByRole("button", { name: "Confirm & Send" }).click();

  await expect(page.getByText("Bitcoin sent successfully", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    balanceCard(page).getByText(btcTextFromSats(before - amountSats), { exact: true }),
  ).toBeVisible();
  const recent = page.getByRole("list", { name: "Recent Transactions" });
  await expect(recent.getByRole("listitem").first()).toContainText("Sent to alice");
  await expect(recent.getByRole("listitem").first()).toContainText("-0.00010000 BTC");

  await page.getByRole("link", { name: "View All" }).click();
  await expect(page).toHaveURL(/\/history$/);
  const first = historyRows(page).first();
  await expect(first).toContainText("Sent to alice");
  await expect(first).toContainText("-0.00010000 BTC");
  await first.getByRole("button").click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details.getByText(note, { exact: true })).toBeVisible();
  await expect(details.getByText("Completed", { exact: true })).toBeVisible();

  // The wallet screen agrees after a real refresh.
  await page.goto("/wallet");
  await page.getByRole("button", { name: "Refresh balance" }).click();
  await expect(
    balanceCard(page).getByText(btcTextFromSats(before - amountSats), { exact: true }),
  ).toBeVisible();
});

test("a new, unverified customer sees a zero balance, no transactions, and cannot send", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard");
  await expect(balanceCard(page).getByText("0.00000000 BTC", { exact: true })).toBeVisible();
  await expect(page.getByText("No recent transactions", { exact: true })).toBeVisible();

  await page.goto("/wallet/send");
  const notice = page
    .getByRole("status")
    .filter({ hasText: "Verify your identity and address before sending Bitcoin" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Start verification" })).toHaveAttribute(
    "href",
    "/auth/kyc/intro",
  );
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();

  await page.goto("/profile/account");
  const header = page.getByRole("region", { name: "Your profile" });
  await expect(header.getByRole("button", { name: "Copy user ID" })).toBeVisible();
  await expect(header.getByText("Verified", { exact: true })).toHaveCount(0);
});

// Every test below signs in as demo and changes nothing. They run one after another in one worker, so
// two sign-ins never read each other's emailed code.
test.describe("the demo customer (read-only)", () => {
  test.describe.configure({ mode: "default" });

  test.beforeEach(async ({ page }) => {
    await signInWithEmailCode(page, demo);
  });

  test("the dashboard shows the specification's 0.00746000 BTC, Send, Receive and recent transactions", async ({
    page,
  }) => {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(balanceCard(page).getByText("0.00746000 BTC", { exact: true })).toBeVisible();
    await expect(balanceCard(page).getByText("≈ $316.23", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Send", exact: true })).toHaveAttribute(
      "href",
      "/wallet/send",
    );
    await expect(page.getByRole("link", { name: "Receive", exact: true })).toHaveAttribute(
      "href",
      "/wallet/receive",
    );
    await expect(page.getByRole("button", { name: "Toggle theme" })).toBeVisible();
    const recent = page.getByRole("list", { name: "Recent Transactions" });
    await expect(recent.getByRole("listitem").first()).toBeVisible();
    expect(await recent.getByRole("listitem").count()).toBeLessThanOrEqual(5);
    await page.getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL(/\/history$/);
  });

  test("the profile header shows the Verified badge for a verified customer", async ({ page }) => {
    await page.goto("/profile/account");
    const header = page.getByRole("region", { name: "Your profile" });
    await expect(header.getByText("Demo User")).toBeVisible();
    await expect(header.getByText("Verified", { exact: true })).toBeVisible();
  });

  test("each send check says the specification's words, in order", async ({ page }) => {
    await page.goto("/wallet/send");
    const recipient = page.getByLabel("Recipient", { exact: true });
    const amount = page.getByLabel("Amount (BTC)");
    const submit = page.getByRole("button", { name: "Continue" });

    await submit.click();
    await expectToast(page, "Recipient required", "Please enter a recipient address or username");
    await expect(recipient).toHaveAttribute("aria-invalid", "true");
    await expect(recipient).toBeFocused();

    await recipient.fill("alice");
    await submit.click();
    await expectToast(page, "Invalid amount", "Please enter a valid amount");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toBeFocused();

    await amount.fill("0.00746001");
    await submit.click();
    await expectToast(page, "Insufficient funds", "You can only send up to 0.00746000 BTC");
    await expect(amount).toBeFocused();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the amount field reads a decimal comma, says what it refuses, and Max fills the spendable amount", async ({
    page,
  }) => {
    await page.goto("/wallet/send");
    const amount = page.getByLabel("Amount (BTC)");
    // 0,0005 is 0.0005 BTC (50,000 sat), never 5 BTC.
    await amount.pressSequentially("0,0005");
    await expect(amount).toHaveValue("0,0005");
    await expect(page.getByText("≈ $21.19", { exact: true })).toBeVisible();
    await amount.fill("");
    // A refused keystroke is said until the next one is taken.
    await amount.pressSequentially("1a");
    await expect(amount).toHaveValue("1");
    await expect(
      page.getByText("Type digits and one decimal separator (. or ,) only", { exact: true }),
    ).toBeVisible();
    await amount.fill("1,000.5");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText("Use one decimal separator and no thousands separators", { exact: true }),
    ).toBeVisible();
    await amount.fill("");
    await amount.pressSequentially("0.123456789");
    await expect(amount).toHaveValue("0.123456789");
    await expect(page.getByText("BTC has at most 8 decimals", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Max" }).click();
    await expect(amount).toHaveValue("0.00746");
    await expect(amount).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("≈ $316.23", { exact: true })).toBeVisible();
  });

  test("Max, then an address outside the bank: everything fee included, the fee and total before Continue", async ({
    page,
  }) => {
    // A valid regtest address outside the bank (BIP173's P2WPKH example).
    const outside = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
    await page.goto("/wallet/send");
    const amount = page.getByLabel("Amount (BTC)");
    const max = page.getByRole("button", { name: "Max" });
    await max.click();
    await expect(amount).toHaveValue("0.00746");
    await page.getByLabel("Recipient", { exact: true }).fill(outside);
    await expect(page.getByLabel("Recipient", { exact: true })).toHaveAccessibleDescription(
      "An address outside the bank: a 0.00001000 BTC network fee applies",
    );
    await expect(amount).toHaveValue("0.00745");
    await expect(max).toHaveAttribute("aria-pressed", "true");
    // "Available" stays the balance, and the form says what the fee leaves.
    await expect(page.getByText("Available: 0.00746000 BTC", { exact: true })).toBeVisible();
    const cost = page.getByLabel("Fee and total");
    await expect(cost).toContainText("Network fee0.00001000 BTC");
    await expect(cost).toContainText("Total0.00746000 BTC");

    await page.getByRole("button", { name: "Continue" }).click();
    const review = page.getByRole("dialog", { name: "Review Transaction" });
    await expect(review.getByText("0.00745000 BTC", { exact: true })).toBeVisible();
    await expect(review.getByText("745,000 sats · ≈ $315.80", { exact: true })).toBeVisible();
    await expect(review.getByText("0.00746000 BTC", { exact: true })).toBeVisible();
    await review.getByRole("button", { name: "Cancel" }).click();
    await expect(review).toHaveCount(0);

    // Back to a customer inside the bank: no fee, Max is the whole balance again.
    await page.getByLabel("Recipient", { exact: true }).fill("alice");
    await expect(amount).toHaveValue("0.00746");
  });

  test("the amount in sats or US dollars: the same satoshis, the BTC a dollar amount buys shown live", async ({
    page,
  }) => {
    await page.goto("/wallet/send");
    await page.getByLabel("Amount (BTC)").fill("0.001");
    const units = page.getByRole("radiogroup", { name: "Amount unit" });
    await units.getByRole("radio", { name: "sats" }).click();
    await expect(page.getByLabel("Amount (sats)")).toHaveValue("100000");
    await units.getByRole("radio", { name: "USD" }).click();
    const usd = page.getByLabel("Amount (USD)");
    await usd.fill("10");
    await expect(page.getByText("≈ 0.00023590 BTC", { exact: true })).toBeVisible();
  });

  test("history: search by username, filter Sent / Received, 'Showing:', Clear search", async ({ page }) => {
    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
    await expect(page.getByText("Showing: All Transactions", { exact: true })).toBeVisible();
    await expect(historyRows(page).first()).toBeVisible();

    await page.getByRole("button", { name: "Filter transactions" }).click();
    await page.getByRole("menuitemradio", { name: "Sent" }).click();
    await expect(page.getByText("Showing: Sent", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/history\?filter=sent$/);
    await expectEveryRow(page, (text) => text.startsWith("Sent to "), "is a send");

    await page.getByRole("button", { name: "Filter transactions" }).click();
    await page.getByRole("menuitemradio", { name: "Received" }).click();
    await expect(page.getByText("Showing: Received", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/history\?filter=received$/);
    // From another customer, or a deposit to the customer's own address.
    await expectEveryRow(page, (text) => /^Received (from|to your address) /.test(text), "is a receipt");

    await page.getByRole("button", { name: "Filter transactions" }).click();
    await page.getByRole("menuitemradio", { name: "All Transactions" }).click();
    await expect(page.getByText("Showing: All Transactions", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/history$/);

    const search = page.getByRole("searchbox", { name: "Search transactions" });
    await expect(search).toHaveAttribute("placeholder", "Search by address or name");
    await search.fill("bob");
    await expect(page).toHaveURL(/\/history\?q=bob$/);
    await expectEveryRow(page, (text) => / bob/.test(text), "names bob");

    await search.fill("alice");
    await expect(page).toHaveURL(/\/history\?q=alice$/);
    await expectEveryRow(page, (text) => / alice/.test(text), "names alice");

    await search.fill("no-such-customer-zz");
    await expect(page.getByText("No transactions found", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(search).toHaveValue("");
    await expect(historyRows(page).first()).toBeVisible();
  });

  test("another customer cannot read demo's transaction through the API", async ({ page }) => {
    const own = await page.request.get("/api/transactions?limit=1");
    expect(own.status()).toBe(200);
    const { items } = (await own.json()) as { items: { id: string }[] };
    const id = items[0]?.id;
    expect(id, "demo has seeded history").toBeTruthy();
    expect((await page.request.get(`/api/transactions/${id}`)).status()).toBe(200);

    await dropSession(page);
    await signInWithEmailCode(page, david);
    const foreign = await page.request.get(`/api/transactions/${id}`);
    expect(foreign.status()).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });
});
