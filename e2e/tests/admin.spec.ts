import { readFile } from "node:fs/promises";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, seeded, signUp, type TestAccount } from "../support/accounts.js";
import { Inbox } from "../support/mailbox.js";
import { moneyAccounts } from "../support/money.js";
import { signInWithEmailCode, submitCredentials } from "../support/sign-in.js";

// The staff dashboard at /admin, as staff see it on a laptop. Seeded customers this spec owns (see
// support/money.ts): kwame (his pending KYC submission is approved here), alice's open support request
// (answered here), liam (seeded inactive; only looked at). demo is read only, as everywhere. The
// deactivate/reactivate flow uses a customer made for the test. Seeded pending rows are never relied on:
// other specs mine blocks while this one runs.

test.use({ viewport: { width: 1280, height: 900 } });

const { demo, kwame, liam } = moneyAccounts;
const alice = { name: "Alice Johnson", email: "alice@example.com" };

const INACTIVE_TEXT = "This account has been deactivated. Please contact us to reactivate it.";

/** Banking Customers' columns, in the specification's order (the last one has no sort button). */
const CUSTOMER_COLUMNS = [
  "Name",
  "Email",
  "Account Type",
  "KYC Status",
  "Join Date",
  "Balance (BTC)",
  "Status",
  "Actions",
] as const;

/** Transaction History's columns, in the specification's order. */
const TRANSACTION_COLUMNS = [
  "Transaction ID",
  "Type",
  "Amount",
  "User",
  "Date & Time",
  "Address",
  "Status",
  "Fee",
] as const;

/** User Details' recent transactions: the same, but for the User column (every row is the customer's). */
const DETAILS_TRANSACTION_COLUMNS = TRANSACTION_COLUMNS.filter((column) => column !== "User");

const CSV_COLUMNS = [
  "Transaction ID",
  "Type",
  "Amount (BTC)",
  "Fee (BTC)",
  "Status",
  "User ID",
  "User Name",
  "Username",
  "Date & Time (UTC)",
  "Address",
  "Txid",
  "Counterparty",
  "BTC Price in USD at Settlement",
  "Amount in USD at Settlement",
  "Price Source",
] as const;

const BTC_8 = /^\d+\.\d{8} BTC$/;

/** Signs in as the seeded staff account and waits for the dashboard, on `tab` when given. */
async function openDashboard(page: Page, tab?: string) {
  await signInWithEmailCode(page, seeded.staff);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Access Level: Super Admin")).toBeVisible();
  if (tab !== undefined) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  }
}

/** A page in a browser of its own (another person at another computer), at the suite's phone width. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** The open tab's panel. */
function panel(page: Page, tab: string): Locator {
  return page.getByRole("tabpanel", { name: tab });
}

/** Nothing in the open tab is waiting for the server (a new search or filter's rows have arrived). */
async function settled(page: Page) {
  await expect(page.getByRole("tabpanel").locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole("tabpanel").locator('[data-slot="spinner"]')).toHaveCount(0);
}

function customersTable(page: Page): Locator {
  return page.getByRole("region", { name: "Banking Customers table" });
}

/** The Banking Customers row of the customer with this email. */
function customerRow(page: Page, email: string): Locator {
  return customersTable(page).getByRole("row").filter({ hasText: email });
}

/** A row's cell under `column`. */
function cell<C extends string>(row: Locator, columns: readonly C[], column: C): Locator {
  return row.getByRole("cell").nth(columns.indexOf(column));
}

/** Searches Banking Customers and waits for the answer: some rows, each holding `text`. */
async function searchCustomers(page: Page, text: string) {
  await panel(page, "Banking Customers").getByLabel("Search customers").fill(text);
  // The search goes to the server once typing pauses: until then the rows are the previous ones.
  await expect
    .poll(
      async () => {
        const rows = await customersTable(page).locator("tbody tr").allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.toLowerCase().includes(text.toLowerCase()));
      },
      { message: `every customer shown matches "${text}"` },
    )
    .toBe(true);
  await settled(page);
}

/** The text of every body row's cell under `column` (an empty list when no table shows). */
async function columnTexts(table: Locator, column: (typeof TRANSACTION_COLUMNS)[number]): Promise<string[]> {
  const index = TRANSACTION_COLUMNS.indexOf(column) + 1;
  const texts = await table.locator(`tbody tr td:nth-child(${index})`).allInnerTexts();
  return texts.map((text) => text.trim());
}

/** A definition list's value for `term` (User Details' profile facts). */
function fact(scope: Locator, term: string): Locator {
  return scope
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** RFC 4180, as the export writes it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"' && text.charAt(i + 1) === '"') {
        value += '"';
        i++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(value);
      value = "";
    } else if (char === "\r" && text.charAt(i + 1) === "\n") {
      row.push(value);
      rows.push(row);
      row = [];
      value = "";
      i++;
    } else value += char;
  }
  if (value !== "" || row.length > 0) rows.push([...row, value]);
  return rows;
}

/** Clicks Export CSV and reads the downloaded file: its name and its rows as records by header. */
async function exportCsv(page: Page) {
  const downloaded = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloaded;
  const path = await download.path();
  const text = await readFile(path, "utf8");
  expect(text.charCodeAt(0), "a byte-order mark first, for spreadsheets").toBe(0xfeff);
  const [header = [], ...body] = parseCsv(text.slice(1));
  const records = body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
  return { fileName: download.suggestedFilename(), header, records };
}

test("the staff API refuses a customer (403) and a signed-out visitor (401)", async ({ page }) => {
  // auth.spec.ts checks that a customer opening /admin lands on /dashboard; here the data behind it.
  expect((await page.request.get("/api/admin/customers")).status()).toBe(401);
  await signUp(page);
  const asCustomer = await page.request.get("/api/admin/customers");
  expect(asCustomer.status()).toBe(403);
  expect(await asCustomer.text()).not.toContain("demo@example.com");
  expect((await page.request.get("/api/admin/transactions")).status()).toBe(403);
});

test("staff find the demo customer and open User Details: profile, balance, KYC, recent transactions, logins", async ({
  page,
  browser,
}) => {
  // demo signs in first, elsewhere, so the login history has this sign-in whatever ran before.
  const demoPage = await otherBrowser(browser);
  await signInWithEmailCode(demoPage, demo);
  await demoPage.context().close();

  await openDashboard(page);
  await expect(customersTable(page).getByRole("columnheader")).toHaveText([...CUSTOMER_COLUMNS]);
  await searchCustomers(page, "Demo User");
  const row = customerRow(page, "demo@example.com");
  await expect(cell(row, CUSTOMER_COLUMNS, "Name")).toHaveText("Demo User");
  await expect(cell(row, CUSTOMER_COLUMNS, "Account Type")).toHaveText("Personal");
  await expect(cell(row, CUSTOMER_COLUMNS, "KYC Status")).toHaveText("Verified");
  await expect(cell(row, CUSTOMER_COLUMNS, "Join Date")).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
  await expect(cell(row, CUSTOMER_COLUMNS, "Balance (BTC)")).toHaveText("0.00746000");
  await expect(cell(row, CUSTOMER_COLUMNS, "Status")).toHaveText("Active");

  await row.getByRole("button", { name: "View Demo User" }).click();
  const dialog = page.getByRole("dialog", { name: "User Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Demo User · demo@example.com")).toBeVisible();

  const profile = dialog.getByRole("region", { name: "Profile" });
  await expect(fact(profile, "Name")).toHaveText("Demo User");
  await expect(fact(profile, "Username")).toHaveText("demo");
  await expect(fact(profile, "Balance")).toHaveText("0.00746000 BTC");
  await expect(fact(profile, "Status")).toHaveText("Active");
  await expect(fact(profile, "KYC Status")).toHaveText("Verified");
  await expect(profile.getByRole("button", { name: "Deactivate Demo User" })).toBeVisible();

  const kyc = dialog.getByRole("region", { name: "KYC" });
  for (const title of ["Identity Verification", "Address Verification"]) {
    const item = kyc.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
    await expect(item).toContainText("Verified");
    await expect(item.getByRole("link").first()).toHaveAttribute("href", /^\/api\/kyc\/documents\//);
  }

  const transactions = dialog.getByRole("region", { name: "Recent transactions table" });
  await expect(transactions.getByRole("columnheader")).toHaveText(DETAILS_TRANSACTION_COLUMNS);
  // The withdrawal to the customer's own wallet outside the bank (seeded), with its fee.
  const withdrawal = transactions.getByRole("row").filter({ hasText: "0.00199000 BTC" });
  await expect(cell(withdrawal, DETAILS_TRANSACTION_COLUMNS, "Type")).toHaveText("Send");
  await expect(cell(withdrawal, DETAILS_TRANSACTION_COLUMNS, "Status")).toHaveText("Completed");
  await expect(cell(withdrawal, DETAILS_TRANSACTION_COLUMNS, "Fee")).toHaveText("0.00001000 BTC");
  await expect(cell(withdrawal, DETAILS_TRANSACTION_COLUMNS, "Address")).toHaveText(
    /^bcrt1[a-z0-9]{5}\.\.\./,
  );
  const amounts = await transactions.locator("tbody tr td:nth-child(3)").allInnerTexts();
  expect(amounts.length).toBeGreaterThan(0);
  for (const amount of amounts) expect(amount.trim()).toMatch(BTC_8);

  const logins = dialog.getByRole("region", { name: "Login history table" });
  await expect(logins.getByRole("row").filter({ hasText: "Success" }).first()).toBeVisible();
});

test("Transaction History filters by type and status: every row matches, the failed deposit shows as Failed", async ({
  page,
}) => {
  await openDashboard(page, "Transaction History");
  const table = page.getByRole("region", { name: "Transaction History table" });
  await expect(table.getByRole("columnheader")).toHaveText([...TRANSACTION_COLUMNS]);
  const type = panel(page, "Transaction History").getByLabel("Type");
  const status = panel(page, "Transaction History").getByLabel("Status");
  await expect(type).toHaveValue("all");
  await expect(status).toHaveValue("all");

  /** After a change of filter: some rows show, each with `expected` under `column`. */
  async function expectEveryRow(column: "Type" | "Status", expected: string) {
    await settled(page);
    await expect
      .poll(
        async () => {
          const texts = await columnTexts(table, column);
          return texts.length > 0 && texts.every((text) => text === expected);
        },
        { message: `every row's ${column} is ${expected}` },
      )
      .toBe(true);
  }

  await type.selectOption({ label: "Send" });
  await expectEveryRow("Type", "Send");
  for (const amount of await columnTexts(table, "Amount")) expect(amount).toMatch(BTC_8);
  for (const fee of await columnTexts(table, "Fee")) expect(fee).toMatch(BTC_8);

  await type.selectOption({ label: "Receive" });
  await expectEveryRow("Type", "Receive");

  await type.selectOption({ label: "All Types" });
  await status.selectOption({ label: "Completed" });
  await expectEveryRow("Status", "Completed");

  await status.selectOption({ label: "Failed" });
  await expectEveryRow("Status", "Failed");
  // alice's deposit whose transaction left the network before it confirmed (seeded).
  const failedDeposit = table
    .getByRole("row")
    .filter({ hasText: alice.name })
    .filter({ hasText: "0.00250000 BTC" });
  await expect(failedDeposit).toHaveCount(1);
  await expect(cell(failedDeposit, TRANSACTION_COLUMNS, "Type")).toHaveText("Receive");
  await expect(cell(failedDeposit, TRANSACTION_COLUMNS, "Status")).toHaveText("Failed");
  await expect(cell(failedDeposit, TRANSACTION_COLUMNS, "Date & Time")).toHaveText(
    /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/,
  );
  // The address is cut in the middle; the whole one is in the copy button's name.
  const address = cell(failedDeposit, TRANSACTION_COLUMNS, "Address");
  await expect(address).toHaveText(/bcrt1[a-z0-9]{5}\.\.\.[a-z0-9]{6}/);
  await expect(address.getByRole("button", { name: /^Copy address bcrt1[a-z0-9]+$/ })).toBeVisible();
  // So is the transaction ID.
  const id = cell(failedDeposit, TRANSACTION_COLUMNS, "Transaction ID");
  await expect(id.getByRole("button", { name: /^Copy transaction ID [0-9a-f-]{36}$/ })).toBeVisible();

  await type.selectOption({ label: "Receive" });
  await expectEveryRow("Status", "Failed");
  await expect(failedDeposit).toHaveCount(1);
  await type.selectOption({ label: "Send" });
  await settled(page);
  await expect(failedDeposit).toHaveCount(0);

  // Pending rows may be mined by other specs at any moment: only that nothing else shows.
  await type.selectOption({ label: "All Types" });
  await status.selectOption({ label: "Pending" });
  await settled(page);
  await expect
    .poll(async () => (await columnTexts(table, "Status")).every((text) => text === "Pending"), {
      message: "every row shown is Pending",
    })
    .toBe(true);

  // A search by name, with a filter.
  await status.selectOption({ label: "All Status" });
  await panel(page, "Transaction History").getByLabel("Search transactions").fill(alice.name);
  await settled(page);
  await expect
    .poll(async () => {
      const users = await columnTexts(table, "User");
      return users.length > 0 && users.every((user) => user.includes(alice.name));
    })
    .toBe(true);
});

test("Export CSV downloads the filtered list: its header, BTC to 8 decimals, only matching rows", async ({
  page,
}) => {
  await openDashboard(page, "Transaction History");
  const filters = panel(page, "Transaction History");
  await filters.getByLabel("Type").selectOption({ label: "Receive" });
  await filters.getByLabel("Status").selectOption({ label: "Failed" });
  await settled(page);

  const failed = await exportCsv(page);
  expect(failed.fileName).toMatch(/^transactions-\d{8}-\d{6}\.csv$/);
  expect(failed.header).toEqual([...CSV_COLUMNS]);
  expect(failed.records.length).toBeGreaterThan(0);
  for (const record of failed.records) {
    expect(record).toMatchObject({ Type: "receive", Status: "failed" });
    expect(record["Amount (BTC)"]).toMatch(/^\d+\.\d{8}$/);
    expect(record["Fee (BTC)"]).toMatch(/^\d+\.\d{8}$/);
    expect(record["Date & Time (UTC)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  }
  const deposit = failed.records.filter((record) => record["User Name"] === alice.name);
  expect(deposit).toHaveLength(1);
  expect(deposit[0]).toMatchObject({ "Amount (BTC)": "0.00250000", Username: "alice" });
  expect(deposit[0]?.Address).toMatch(/^bcrt1/);

  await filters.getByLabel("Type").selectOption({ label: "Send" });
  await filters.getByLabel("Status").selectOption({ label: "Completed" });
  await settled(page);
  const sends = await exportCsv(page);
  expect(sends.header).toEqual([...CSV_COLUMNS]);
  expect(sends.records.length).toBeGreaterThan(0);
  for (const record of sends.records) {
    expect(record).toMatchObject({ Type: "send", Status: "completed" });
    expect(record["Amount (BTC)"]).toMatch(/^\d+\.\d{8}$/);
    expect(record["Fee (BTC)"]).toMatch(/^\d+\.\d{8}$/);
  }
  // The demo customer's withdrawal (seeded) is one of them.
  expect(sends.records).toContainEqual(
    expect.objectContaining({
      "User Name": "Demo User",
      "Amount (BTC)": "0.00199000",
      "Fee (BTC)": "0.00001000",
    }),
  );
});

test("approving kwame's pending KYC submission: his status screen turns to Verification Complete, Banking Customers says Verified", async ({
  page,
  browser,
}) => {
  const kwamePage = await otherBrowser(browser);
  await signInWithEmailCode(kwamePage, kwame);
  await kwamePage.goto("/auth/kyc/status");
  await expect(kwamePage.getByRole("heading", { name: "Verification in Progress" })).toBeVisible();

  await openDashboard(page, "KYC Reviews");
  await expect(page.getByLabel("Submissions")).toHaveValue("pending");
  const review = page.getByRole("article", { name: kwame.name });
  await expect(review).toContainText(kwame.email);
  await expect(review).toContainText("Pending");
  await expect(fact(review, "Level")).toHaveText("Basic verification (identity and address)");
  await expect(fact(review, "Review mode")).toHaveText("Manual");
  await expect(fact(review, "Decided by")).toHaveText("Not decided yet");
  await expect(
    review.getByRole("region", { name: `Documents of ${kwame.name}` }).getByRole("listitem"),
  ).not.toHaveCount(0);

  await review.getByRole("button", { name: `Approve ${kwame.name}` }).click();
  await expect(page.getByText("Submission approved", { exact: true })).toBeVisible();
  await expect(page.getByText(`${kwame.name} is told.`)).toBeVisible();
  await expect(review).toHaveCount(0);

  await page.getByLabel("Submissions").selectOption({ label: "Approved" });
  const approved = page.getByRole("article", { name: kwame.name });
  await expect(approved).toContainText("Approved");
  await expect(fact(approved, "Decided by")).toContainText(seeded.staff.name);

  // His status screen asks again while pending: the decision shows without a reload.
  await expect(kwamePage.getByRole("heading", { name: "Verification Complete" })).toBeVisible();
  await expect(
    kwamePage.getByText("Your identity and address are verified. You can now send Bitcoin."),
  ).toBeVisible();
  await kwamePage.context().close();

  await page.getByRole("tab", { name: "Banking Customers" }).click();
  await searchCustomers(page, kwame.email);
  await expect(cell(customerRow(page, kwame.email), CUSTOMER_COLUMNS, "KYC Status")).toHaveText("Verified");
});

test("answering alice's open support request: it becomes Answered and the reply is mailed to her", async ({
  page,
}) => {
  const inbox = await Inbox.open(page.request, alice.email);
  await openDashboard(page, "Support");
  const support = panel(page, "Support");
  await expect(support.getByLabel("Status")).toHaveValue("open");
  const request = page
    .getByRole("article", { name: "My deposit has not arrived" })
    .filter({ hasText: alice.name });
  await expect(request).toHaveCount(1);
  await expect(request).toContainText("Open");
  await expect(request).toContainText(alice.email);

  const reply = `Hello Alice, your deposit's transaction left the network before it confirmed (${Date.now()}). Please send it again.`;
  await request.getByLabel("Reply").fill(reply);
  await request.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply sent", { exact: true })).toBeVisible();
  // Answered requests leave the open list.
  await expect(request).toHaveCount(0);

  await support.getByLabel("Status").selectOption({ label: "Answered" });
  const answered = page
    .getByRole("article", { name: "My deposit has not arrived" })
    .filter({ hasText: alice.name });
  await expect(answered).toContainText("Answered");
  const replies = answered.getByRole("list", { name: "Replies" });
  await expect(replies.getByRole("listitem").filter({ hasText: reply })).toContainText(
    `${seeded.staff.name} replied`,
  );

  const mail = await inbox.next(
    (message) => (message.text.includes(reply) ? message : undefined),
    "the reply",
  );
  expect(mail.subject).toBe("Re: your Satsbank support request");
});

test("an inactive customer shows Inactive in Banking Customers and cannot sign in", async ({
  page,
  browser,
}) => {
  await openDashboard(page);
  await searchCustomers(page, liam.email);
  const row = customerRow(page, liam.email);
  await expect(cell(row, CUSTOMER_COLUMNS, "Name")).toHaveText(liam.name);
  await expect(cell(row, CUSTOMER_COLUMNS, "Status")).toHaveText("Inactive");
  await expect(row.getByRole("button", { name: `Reactivate ${liam.name}` })).toBeVisible();

  const liamPage = await otherBrowser(browser);
  await liamPage.goto("/auth/login");
  await submitCredentials(liamPage, liam);
  // The refusal, and a way to reach the bank without signing in.
  await expect(liamPage.getByRole("alert")).toContainText(INACTIVE_TEXT);
  await expect(liamPage.getByRole("alert").getByRole("link", { name: "Contact support" })).toBeVisible();
  await expect(liamPage.getByText("We sent a 6-digit code to your email.")).toHaveCount(0);
  await liamPage.context().close();
});

/** Banking Customers' Deactivate or Reactivate for this customer, with `reason`; waits for the toast. */
async function changeStatus(
  page: Page,
  customer: TestAccount,
  change: "Deactivate" | "Reactivate",
  reason: string,
) {
  await customerRow(page, customer.email)
    .getByRole("button", { name: `${change} ${customer.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `${change} ${customer.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: change, exact: true }).click();
  await expect(dialog.getByText("A reason is required")).toBeVisible();
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: change, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Customer ${change.toLowerCase()}d`, { exact: true })).toBeVisible();
}

test("deactivating a customer with a reason ends their session and refuses sign-in; reactivating lets them back", async ({
  page,
  browser,
}) => {
  const customerPage = await otherBrowser(browser);
  const customer = await signUp(customerPage, newAccount());

  await openDashboard(page);
  await searchCustomers(page, customer.email);
  const row = customerRow(page, customer.email);
  await expect(cell(row, CUSTOMER_COLUMNS, "Status")).toHaveText("Active");
  await expect(cell(row, CUSTOMER_COLUMNS, "KYC Status")).toHaveText("Not submitted");
  await expect(cell(row, CUSTOMER_COLUMNS, "Balance (BTC)")).toHaveText("0.00000000");

  const deactivation = `Fraud check ${Date.now()}: card reported stolen`;
  await changeStatus(page, customer, "Deactivate", deactivation);
  await expect(cell(row, CUSTOMER_COLUMNS, "Status")).toHaveText("Inactive");

  // The customer's session ended at once: their next screen asks them to sign in, and sign-in is refused.
  // Sign-in says why, before anything is typed.
  await customerPage.goto("/dashboard");
  await expect(customerPage).toHaveURL(/\/auth\/login\?next=%2Fdashboard&reason=accountInactive$/);
  await expect(customerPage.getByRole("alert").filter({ hasText: INACTIVE_TEXT })).toHaveCount(1);
  await submitCredentials(customerPage, customer);
  await expect(customerPage.getByRole("alert").filter({ hasText: INACTIVE_TEXT }).first()).toBeVisible();
  await expect(customerPage.getByText("We sent a 6-digit code to your email.")).toHaveCount(0);

  const reactivation = `Cleared ${Date.now()}: the card was found`;
  await changeStatus(page, customer, "Reactivate", reactivation);
  await expect(cell(row, CUSTOMER_COLUMNS, "Status")).toHaveText("Active");

  await signInWithEmailCode(customerPage, customer);
  await customerPage.context().close();

  // Both actions are in the audit log, with who, what and why.
  await page.getByRole("tab", { name: "Audit Log" }).click();
  await panel(page, "Audit Log").getByLabel("Search the audit log").fill(customer.email);
  const audit = page.getByRole("region", { name: "Audit Log table" });
  // The search goes to the server once typing pauses: until then the rows are the whole log's.
  await expect
    .poll(async () => {
      const rows = await audit.locator("tbody tr").allInnerTexts();
      return rows.length === 2 && rows.every((row) => row.includes(customer.email));
    })
    .toBe(true);
  const deactivated = audit.getByRole("row").filter({ hasText: deactivation });
  await expect(deactivated).toContainText("Deactivated a customer");
  await expect(deactivated).toContainText(seeded.staff.email);
  const reactivated = audit.getByRole("row").filter({ hasText: reactivation });
  await expect(reactivated).toContainText("Reactivated a customer");
});
