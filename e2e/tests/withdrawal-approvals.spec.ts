import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import { seeded, type TestAccount } from "../support/accounts.js";
import { expectNoSeriousViolations } from "../support/axe.js";
import { btcTextFromSats, historyRows, moneyAccounts } from "../support/money.js";
import { toast } from "../support/page-helpers.js";
import { sandboxMine, sandboxWorkerPass } from "../support/sandbox.js";
import { signInWithEmailCode } from "../support/sign-in.js";

// The withdrawal policy's staff side (issue 19), with the e2e server's small amounts (playwright.config.ts):
// above 0.0005 BTC a withdrawal waits for one member of staff, above 0.001 BTC for two different ones. bob
// withdraws to the outside address his seeded withdrawal paid, so no hold applies: only the review. Only
// this spec sends from bob (support/money.ts). Each withdrawal's amount is made unique to its run (a
// repeated run may go on beside it), and its rows and cards are found by it.

const { bob } = moneyAccounts;

test.describe.configure({ mode: "serial", timeout: 90_000 });

/** A withdrawal of `base` sat (plus the run's repeat index, to tell runs apart), as typed and as shown. */
function amountOf(base: bigint) {
  const sats = base + BigInt(test.info().repeatEachIndex);
  const shown = btcTextFromSats(sats);
  return { sats, typed: shown.replace(" BTC", ""), shown, row: `-${shown}` };
}
type Amount = ReturnType<typeof amountOf>;

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

/** Fills the send form and opens the review of a withdrawal of `amount` to `address`. */
async function reviewWithdrawal(page: Page, address: string, amount: Amount): Promise<Locator> {
  await page.goto("/wallet/send");
  await page.getByLabel("Recipient", { exact: true }).fill(address);
  await page.getByLabel("Amount (BTC)").fill(amount.typed);
  await page.getByRole("button", { name: "Continue" }).click();
  const review = page.getByRole("dialog", { name: "Review Transaction" });
  await expect(review.getByText(address, { exact: true })).toBeVisible();
  await expect(review.getByText(amount.shown, { exact: true })).toBeVisible();
  await expect(review.getByRole("note", { name: "Withdrawal hold" })).toHaveCount(0);
  return review;
}

/** The history row of this withdrawal, once the history is (re)loaded. */
async function historyRow(page: Page, amount: Amount): Promise<Locator> {
  await page.goto("/history");
  const row = historyRows(page).filter({ hasText: amount.row });
  await expect(row).toHaveCount(1);
  return row;
}

/**
 * The withdrawal goes on its way: a worker pass broadcasts it (its chain transaction shows), a block
 * confirms it. Other specs mine blocks too, so a broadcast withdrawal may be confirmed by the time the
 * history loads again.
 */
async function expectPaidOut(page: Page, amount: Amount) {
  await sandboxWorkerPass(page.request);
  let row = await historyRow(page, amount);
  await expect(row).toContainText(/Pending\s*Broadcast|Completed/);
  await row.getByRole("button").click();
  const broadcast = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(broadcast.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await broadcast.getByRole("button", { name: "Close" }).click();
  await sandboxMine(page.request, 1);
  row = await historyRow(page, amount);
  await expect(row).toContainText("Completed");
  await expect(row).not.toContainText("Broadcast");
  await row.getByRole("button").click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(details.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(details.getByRole("button", { name: "Cancel withdrawal" })).toHaveCount(0);
  await details.getByRole("button", { name: "Close" }).click();
}

/** A member of staff at their laptop, in a browser of their own, on the Approvals tab. */
async function staffOnApprovals(browser: Browser, account: TestAccount): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithEmailCode(page, account);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("tab", { name: "Approvals" }).click();
  await expect(page.getByRole("tab", { name: "Approvals" })).toHaveAttribute("aria-selected", "true");
  return page;
}

/** bob's card of this withdrawal in the queue, by its Amount (other cards list it among recent sends). */
function approvalCard(page: Page, amount: Amount): Locator {
  return page
    .getByRole("tabpanel", { name: "Approvals" })
    .getByRole("article", { name: bob.name })
    .filter({ has: page.locator("dd").getByText(amount.shown, { exact: true }) });
}

/** The value of a card's fact. */
function fact(card: Locator, term: string): Locator {
  return card.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
}

test("below the review amount, to an address paid before, a withdrawal goes out at once: broadcast, mined, completed", async ({
  page,
}) => {
  const amount = amountOf(10_000n);
  await signInWithEmailCode(page, bob);
  const address = await paidAddress(page.request);

  const review = await reviewWithdrawal(page, address, amount);
  await expect(review.getByRole("note")).toHaveCount(0);
  await expect(review).toContainText("Check the details. A send cannot be undone.");
  await review.getByRole("button", { name: "Confirm & Send" }).click();
  await expect(toast(page, "Bitcoin sent successfully")).toBeVisible();
  const row = await historyRow(page, amount);
  // Queued for the worker's next pass (which may have run, and another spec's block confirmed it).
  await expect(row).toContainText(/Queued|Broadcast|Completed/);
  await expectPaidOut(page, amount);
});

test("above the review amount a withdrawal waits for approval; one member of staff releases it and it is paid out", async ({
  page,
  browser,
}) => {
  const amount = amountOf(65_000n);
  await signInWithEmailCode(page, bob);
  const address = await paidAddress(page.request);

  const review = await reviewWithdrawal(page, address, amount);
  await expect(review.getByRole("note", { name: "Staff review" })).toContainText(
    "It will be reviewed by our staff before it is sent. Until then you can cancel it from your history.",
  );
  await review.getByRole("button", { name: "Confirm & Send" }).click();
  await expect(toast(page, "Waiting for approval")).toBeVisible();
  await expect(toast(page, "Bitcoin sent successfully")).toHaveCount(0);
  const row = await historyRow(page, amount);
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Waiting for approval");

  const staff = await staffOnApprovals(browser, seeded.staff);
  try {
    const card = approvalCard(staff, amount);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`@bob · ${bob.email}`);
    await expect(fact(card, "Fee")).toHaveText("0.00001000 BTC");
    await expect(fact(card, "Why it is reviewed")).toHaveText("Above the review amount");
    await expect(fact(card, "Approvals")).toHaveText("0 of 1 approval");
    // The seeded withdrawal paid this address: it is not new to bob.
    await expect(fact(card, "Address paid by this customer")).not.toHaveText("Never");
    await expect(card.getByRole("button", { name: `Copy address ${address}` })).toBeVisible();
    await expectNoSeriousViolations(staff, test.info());

    await card.getByRole("button", { name: `Approve the withdrawal of ${bob.name}` }).click();
    await expect(toast(staff, "Withdrawal approved")).toBeVisible();
    await expect(staff.getByText("It is queued for the next payout.")).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await staff.context().close();
  }

  await expectPaidOut(page, amount);
});

test("above the dual amount two different members of staff approve (four eyes); then it is paid out", async ({
  page,
  browser,
}) => {
  const amount = amountOf(110_000n);
  await signInWithEmailCode(page, bob);
  const address = await paidAddress(page.request);

  const review = await reviewWithdrawal(page, address, amount);
  await expect(review.getByRole("note", { name: "Staff review" })).toContainText(
    "It will be reviewed by two members of our staff before it is sent.",
  );
  await review.getByRole("button", { name: "Confirm & Send" }).click();
  await expect(toast(page, "Waiting for approval")).toBeVisible();

  const first = await staffOnApprovals(browser, seeded.staff);
  try {
    const card = approvalCard(first, amount);
    await expect(fact(card, "Why it is reviewed")).toHaveText(
      "Above the dual-approval amount: two members of staff",
    );
    await expect(fact(card, "Approvals")).toHaveText("0 of 2 approvals");
    await card.getByRole("button", { name: `Approve the withdrawal of ${bob.name}` }).click();
    await expect(toast(first, "Approval recorded")).toBeVisible();
    await expect(
      first.getByText("1 of 2 approvals: another member of staff must approve it too."),
    ).toBeVisible();
    // Still waiting, with this approval: the same person cannot give the second.
    await expect(fact(card, "Approvals")).toHaveText("1 of 2 approvals");
    await expect(card.getByRole("region", { name: `Decisions: ${bob.name}` })).toContainText(
      `${seeded.staff.name} approved`,
    );
    await expect(card).toContainText(
      "You approved this withdrawal: a second approval must come from another member of staff.",
    );
    await expect(card.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  } finally {
    await first.context().close();
  }
  let row = await historyRow(page, amount);
  await expect(row).toContainText("Waiting for approval");

  const second = await staffOnApprovals(browser, seeded.secondStaff);
  try {
    const card = approvalCard(second, amount);
    await expect(fact(card, "Approvals")).toHaveText("1 of 2 approvals");
    await card.getByRole("button", { name: `Approve the withdrawal of ${bob.name}` }).click();
    await expect(toast(second, "Withdrawal approved")).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await second.context().close();
  }

  row = await historyRow(page, amount);
  await expect(row).toContainText(/Queued|Broadcast|Completed/);
  await expectPaidOut(page, amount);
});

test("a rejected withdrawal gives the money back, and the history gives staff's reason", async ({
  page,
  browser,
}) => {
  const amount = amountOf(70_000n);
  await signInWithEmailCode(page, bob);
  const address = await paidAddress(page.request);
  const review = await reviewWithdrawal(page, address, amount);
  await review.getByRole("button", { name: "Confirm & Send" }).click();
  await expect(toast(page, "Waiting for approval")).toBeVisible();

  const reason = "Not the usual pattern for this account: call us to confirm it";
  const staff = await staffOnApprovals(browser, seeded.staff);
  try {
    const card = approvalCard(staff, amount);
    await card.getByRole("button", { name: `Reject the withdrawal of ${bob.name}` }).click();
    const dialog = staff.getByRole("dialog", { name: `Reject the withdrawal of ${amount.shown}?` });
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(dialog.getByText("A reason is required")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Reason" }).fill(reason);
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(toast(staff, "Withdrawal rejected")).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await staff.context().close();
  }

  const row = await historyRow(page, amount);
  await expect(row).toContainText("Failed");
  await expect(row).toContainText("Rejected");
  await row.getByRole("button").click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toContainText(`Reason: ${reason}`);
  await expect(details).toContainText("The amount and its network fee are back in your balance.");
});
