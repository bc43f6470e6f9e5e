import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { dropSession, newAccount, seeded, type TestAccount } from "../support/accounts.js";
import { expectNoSeriousViolations } from "../support/axe.js";
import { historyRows, moneyAccounts } from "../support/money.js";
import { answerProof } from "../support/proof.js";
import { signInWithEmailCode, submitCredentials } from "../support/sign-in.js";

// axe-core on every screen, light and dark, at the suite's 390 px (staff's at a laptop's 1280 px): no
// serious or critical violation. A new screen joins by one line in `screens` below.

type Theme = "light" | "dark";
const themes: readonly Theme[] = ["light", "dark"];

/** Who looks: nobody signed in, a customer who just signed up, a verified customer, staff. */
type Viewer = "visitor" | "newcomer" | "customer" | "staff";

interface Screen {
  /** The test's name: the path, and the state when it is not the screen as it opens. */
  name: string;
  path: string;
  /** The screen's <h1>: the scan waits for it. */
  heading: string | RegExp;
  /** The page's clock stands still from before it loads, moving only as the scan needs (the splash
   * would leave after 2.5 s). */
  clockPaused?: boolean;
  /** Routes the page's requests before it loads (to make a load fail); the routes go after the scan. */
  intercept?: (page: Page) => Promise<unknown>;
  /** Brings the loaded screen into the state to scan (a dialog or menu open, a later step) and waits for it. */
  open?: (page: Page) => Promise<void>;
}

const BRAND = "Satsbank";

/** Stops the page's clock before it loads: timers wait until the test runs them. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date("2030-01-15T12:00:00Z") });
  await page.clock.pauseAt(new Date("2030-01-15T12:01:00Z"));
}

/** The splash fades 2 s after it shows: a paused clock must not move that far while the test looks. */
const PAUSED_CLOCK_BUDGET_MS = 1_500;

/**
 * Moves a paused clock on by 1 ms at a time, over and over, until the returned function is called, which
 * says how far it went. A zero-delay timer set by another timer is due 1 ms later on this clock, and axe
 * and the query library chain them; the scan needs a few dozen milliseconds of the page's time.
 */
function nudgeClock(page: Page): () => Promise<number> {
  let running = true;
  let moved = 0;
  const loop = (async () => {
    while (running) {
      await page.clock.runFor(1);
      moved += 1;
    }
  })();
  // Failures surface when the nudging stops, not as an unhandled rejection in the meantime.
  const ended = loop.then(
    () => undefined,
    (error: unknown) => error,
  );
  return async () => {
    running = false;
    const error = await ended;
    if (error !== undefined) throw error;
    return moved;
  };
}

async function openDialog(page: Page, opener: string, dialog: string) {
  await page.getByRole("button", { name: opener }).click();
  await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
}

/** Banking Customers searched down to the demo customer's row (the search answers once typing pauses). */
async function findDemoCustomer(page: Page) {
  await page.getByLabel("Search customers").fill("demo@example.com");
  const rows = page.getByRole("region", { name: "Banking Customers table" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("demo@example.com");
}

/** A new customer, signed up through the API (quicker than the form): the page's browser is signed in. */
async function signUpThroughApi(page: Page): Promise<TestAccount> {
  const account = newAccount();
  const response = await page.request.post("/api/auth/signup", {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status(), "sign-up through the API").toBe(201);
  return account;
}

/**
 * The books as a reorganisation leaves them, answered by the test (no spec reorganises the shared chain:
 * it would pause every other spec's payouts): the watchdog paused payouts, and a deposit of the demo
 * customer's waits for staff.
 */
async function answerBooksAfterReorg(page: Page) {
  await page.route("**/api/admin/books", async (route) => {
    const response = await route.fetch();
    const books = await response.json();
    const at = books.checkedAt;
    books.ok = false;
    books.solvency = {
      ...books.solvency,
      ok: false,
      paused: true,
      pausedSince: at,
      problems: [
        {
          code: "deposit_reorganised",
          message: "A credited deposit left the chain and is neither back nor resolved.",
        },
      ],
    };
    books.reorgedDeposits = {
      count: 1,
      sumSats: "50000",
      items: [
        {
          txid: "ab".repeat(32),
          vout: 0,
          address: "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk",
          valueSats: "50000",
          customer: {
            id: "00000000-0000-4000-8000-000000000001",
            name: "Demo User",
            email: "demo@example.com",
            username: "demo",
          },
          creditedAt: at,
          reorgedAt: at,
          inChainAgain: false,
          heldSats: "50000",
          resolution: null,
          resolvedAt: null,
        },
      ],
    };
    await route.fulfill({ response, json: books });
  });
}

/**
 * The Vault tab with a refill waiting for its second signature, answered by the test (the vault spec's
 * refills come and go beside this scan).
 */
async function answerVaultWithRefill(page: Page) {
  await page.route("**/api/admin/vault", async (route) => {
    const response = await route.fetch();
    const vault = await response.json();
    const id = "00000000-0000-4000-8000-000000000002";
    vault.refills = [
      {
        id,
        status: "awaiting_signatures",
        amountSats: "100000",
        minerFeeSats: "378",
        reason: "Withdrawals this afternoon",
        txid: "cd".repeat(32),
        hotAddress: "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk",
        change: { address: "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk", sats: "1000000" },
        inputs: [{ txid: "ef".repeat(32), vout: 0, valueSats: "1100378", signedBy: [1] }],
        complete: false,
        createdBy: { id: "00000000-0000-4000-8000-000000000003", name: "Admin" },
        createdAt: new Date().toISOString(),
        broadcastAt: null,
        confirmedAt: null,
        blockHeight: null,
        failure: null,
        psbtUrl: `/api/admin/vault/refills/${id}/psbt`,
      },
      ...(vault.refills ?? []),
    ];
    await route.fulfill({ response, json: vault });
  });
}

/**
 * The Books tab's proof of reserves with an epoch waiting for the vault's signatures, answered by the test
 * (the proof-reserves spec's epochs are signed beside this scan).
 */
async function answerEpochAwaitingSignatures(page: Page) {
  await page.route(/\/api\/proof$/, async (route) => {
    const response = await route.fetch();
    const list = await response.json();
    list.epochs = [
      {
        epoch: 9999,
        builtAt: new Date().toISOString(),
        blockHeight: 1234,
        total: "100000000",
        leafCount: 15,
        reserves: "awaiting_signatures",
      },
      ...(list.epochs ?? []),
    ];
    await route.fulfill({ response, json: list });
  });
}

/** The wallet summary with a deposit the network reversed on hold, answered by the test. */
async function answerDepositOnHold(page: Page) {
  await page.route("**/api/wallet", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), onHoldSats: "50000" } });
  });
}

const screens: Record<Viewer, readonly Screen[]> = {
  visitor: [
    { name: "/splash", path: "/splash", heading: BRAND, clockPaused: true },
    { name: "/auth/login", path: "/auth/login", heading: "Welcome Back" },
    {
      name: "/auth/login, code step",
      path: "/auth/login",
      heading: "Welcome Back",
      async open(page) {
        const account = await signUpThroughApi(page);
        await dropSession(page);
        await submitCredentials(page, account);
        await expect(page.getByText("We sent a 6-digit code to your email.")).toBeVisible();
      },
    },
    { name: "/auth/signup", path: "/auth/signup", heading: "Create your account" },
    { name: "/auth/reset-password", path: "/auth/reset-password", heading: "Reset your password" },
    {
      name: "/auth/reset-password, new password step",
      path: "/auth/reset-password?token=not-a-real-token",
      heading: "Set a new password",
    },
    {
      name: "/auth/verify-email, bad token",
      path: "/auth/verify-email?token=not-a-real-token",
      heading: "Verify your email",
      open: (page) => expect(page.getByRole("alert")).toBeVisible(),
    },
    { name: "/contact", path: "/contact", heading: "Contact us" },
    {
      name: "/auth/login, a deactivated account's session ended",
      path: "/auth/login?reason=accountInactive",
      heading: "Welcome Back",
    },
    { name: "404", path: "/no/such/page", heading: "Oops! Page not found" },
    {
      name: "route error (a screen's code fails to load)",
      path: "/no/such/page",
      heading: "Unexpected Application Error!",
      intercept: (page) => page.route(/\/assets\/not-found-[^/]*\.js$/, (route) => route.abort()),
    },
  ],
  newcomer: [
    { name: "/auth/kyc/intro", path: "/auth/kyc/intro", heading: "Verify Your Identity" },
    { name: "/auth/kyc/identity", path: "/auth/kyc/identity", heading: "Identity Document" },
    {
      name: "/auth/kyc/identity, a refused file and the missing-information toast",
      path: "/auth/kyc/identity",
      heading: "Identity Document",
      async open(page) {
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByText("Missing information", { exact: true }).first()).toBeVisible();
        await page.getByRole("radio", { name: "Passport" }).check();
        await page.getByLabel("Upload document").setInputFiles({
          name: "notes.png",
          mimeType: "image/png",
          buffer: Buffer.from("not an image"),
        });
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "JPG, PNG or PDF" })).toBeVisible();
      },
    },
    { name: "/auth/kyc/address", path: "/auth/kyc/address", heading: "Proof of Address" },
    { name: "/auth/kyc/selfie", path: "/auth/kyc/selfie", heading: "Take a Selfie" },
    { name: "/auth/kyc/status", path: "/auth/kyc/status", heading: "Verification Status" },
    { name: "/auth/kyc/enhanced", path: "/auth/kyc/enhanced", heading: "Verify Your Identity" },
    { name: "/wallet/send, email unconfirmed", path: "/wallet/send", heading: "Send Bitcoin" },
  ],
  customer: [
    { name: "/dashboard", path: "/dashboard", heading: "Dashboard" },
    {
      name: "/dashboard, a deposit on hold",
      path: "/dashboard",
      heading: "Dashboard",
      intercept: answerDepositOnHold,
      open: (page) => expect(page.getByText("On hold: the network reversed this deposit")).toBeVisible(),
    },
    { name: "/wallet", path: "/wallet", heading: "Wallet" },
    { name: "/wallet/send", path: "/wallet/send", heading: "Send Bitcoin" },
    {
      name: "/wallet/send, review dialog",
      path: "/wallet/send",
      heading: "Send Bitcoin",
      async open(page) {
        await page.getByLabel("Recipient", { exact: true }).fill("alice");
        await page.getByLabel("Amount (BTC)").fill("0.0001");
        await openDialog(page, "Continue", "Review Transaction");
      },
    },
    {
      name: "/wallet/send, withdrawal review",
      path: "/wallet/send",
      heading: "Send Bitcoin",
      async open(page) {
        // A regtest address outside the bank: the review shows the address, the network fee and the total.
        await page
          .getByLabel("Recipient", { exact: true })
          .fill("bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk");
        await page.getByLabel("Amount (BTC)").fill("0.0001");
        await openDialog(page, "Continue", "Review Transaction");
      },
    },
    { name: "/wallet/receive", path: "/wallet/receive", heading: "Receive Bitcoin" },
    {
      name: "/wallet/receive, the toast after Share (the address copied instead)",
      path: "/wallet/receive",
      heading: "Receive Bitcoin",
      async open(page) {
        // Headless Chromium has no share sheet: Share copies, and the clipboard needs the permission.
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.getByRole("button", { name: "Share" }).click();
        await expect(
          page.locator("[data-sonner-toast]").filter({ hasText: "Sharing not supported" }),
        ).toBeVisible();
      },
    },
    {
      name: "/wallet/receive, load failed",
      path: "/wallet/receive",
      heading: "Receive Bitcoin",
      intercept: (page) => page.route("**/api/wallet/receive", (route) => route.fulfill({ status: 500 })),
      open: (page) => expect(page.getByRole("button", { name: "Try again" })).toBeVisible(),
    },
    { name: "/history", path: "/history", heading: "Transaction History" },
    {
      name: "/history, filter menu",
      path: "/history",
      heading: "Transaction History",
      async open(page) {
        await page.getByRole("button", { name: "Filter transactions" }).click();
        await expect(page.getByRole("menu")).toBeVisible();
      },
    },
    {
      name: "/history, transaction details",
      path: "/history",
      heading: "Transaction History",
      async open(page) {
        await historyRows(page).first().getByRole("button").click();
        await expect(page.getByRole("dialog", { name: "Transaction Details" })).toBeVisible();
      },
    },
    {
      name: "/history, transaction details, the label field open (nothing saved)",
      path: "/history",
      heading: "Transaction History",
      async open(page) {
        await historyRows(page).first().getByRole("button").click();
        const dialog = page.getByRole("dialog", { name: "Transaction Details" });
        await dialog.getByRole("button", { name: /^(Add|Edit) label$/ }).click();
        await expect(dialog.getByRole("textbox", { name: "Label" })).toBeFocused();
      },
    },
    {
      name: "/history, a deposit's details (txid, confirmations)",
      path: "/history",
      heading: "Transaction History",
      async open(page) {
        await historyRows(page)
          .filter({ hasText: "Received to your address bcrt1" })
          .first()
          .getByRole("button")
          .click();
        await expect(page.getByRole("dialog", { name: "Transaction Details" })).toContainText(
          "Confirmations",
        );
      },
    },
    {
      name: "/history, export menu",
      path: "/history",
      heading: "Transaction History",
      async open(page) {
        await page.getByRole("button", { name: "Export transactions" }).click();
        await expect(page.getByRole("menuitem", { name: /JSON/ })).toBeVisible();
      },
    },
    {
      name: "/history/statement, this month's",
      path: `/history/statement?month=${new Date().toISOString().slice(0, 7)}`,
      heading: "Monthly Statement",
      open: (page) => expect(page.getByRole("region", { name: "Statement entries" })).toBeVisible(),
    },
    { name: "/notifications", path: "/notifications", heading: "Notifications" },
    {
      name: "/notifications, a notification opened",
      path: "/notifications",
      heading: "Notifications",
      async open(page) {
        await page.getByRole("list", { name: "Notifications" }).getByRole("button").first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
      },
    },
    { name: "/profile/account", path: "/profile/account", heading: "Account Details" },
    {
      name: "/profile/account, the Edit form",
      path: "/profile/account",
      heading: "Account Details",
      async open(page) {
        await page.getByRole("button", { name: "Edit" }).click();
        await expect(page.getByRole("form", { name: "Edit account details" })).toBeVisible();
      },
    },
    { name: "/profile/kyc", path: "/profile/kyc", heading: "KYC & Verification" },
    {
      name: "/profile/kyc, an item's View dialog",
      path: "/profile/kyc",
      heading: "KYC & Verification",
      open: (page) => openDialog(page, "View Identity Verification", "Identity Verification"),
    },
    {
      name: "/profile/kyc, Verification Details tab",
      path: "/profile/kyc",
      heading: "KYC & Verification",
      async open(page) {
        await page.getByRole("tab", { name: "Verification Details" }).click();
        await expect(page.getByRole("tab", { name: "Verification Details" })).toHaveAttribute(
          "aria-selected",
          "true",
        );
      },
    },
    { name: "/profile/security", path: "/profile/security", heading: "Security Settings" },
    {
      name: "/profile/security, Login History",
      path: "/profile/security",
      heading: "Security Settings",
      open: (page) => openDialog(page, "View Login History", "Login History"),
    },
    {
      name: "/profile/security, Change Password",
      path: "/profile/security",
      heading: "Security Settings",
      open: (page) => openDialog(page, "Change Password", "Change Password"),
    },
    {
      name: "/profile/security, two-factor setup's password step",
      path: "/profile/security",
      heading: "Security Settings",
      async open(page) {
        await page.getByRole("switch", { name: "Two-Factor Authentication" }).click();
        const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" });
        await expect(dialog.getByLabel("Current Password")).toBeVisible();
      },
    },
    {
      name: "/profile/security, Passkeys",
      path: "/profile/security",
      heading: "Security Settings",
      async open(page) {
        await openDialog(page, "Manage Passkeys", "Passkeys");
        await expect(page.getByRole("button", { name: "Add a passkey" })).toBeVisible();
      },
    },
    {
      name: "/profile/security, Passkeys' Confirm it's you",
      path: "/profile/security",
      heading: "Security Settings",
      // The session's proof is fresh after signing in: the server's 403 is answered by the test.
      intercept: (page) =>
        page.route("**/api/auth/passkeys/registration/options", (route) =>
          route.fulfill({
            status: 403,
            json: {
              error: { code: "FORBIDDEN", message: "Confirm it's you to continue", reason: "reauthenticate" },
            },
          }),
        ),
      async open(page) {
        await openDialog(page, "Manage Passkeys", "Passkeys");
        await page.getByRole("button", { name: "Add a passkey" }).click();
        const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
        await expect(dialog.getByLabel("Current Password")).toBeVisible();
      },
    },
    { name: "/profile/notifications", path: "/profile/notifications", heading: "Notification Settings" },
    { name: "/profile/help", path: "/profile/help", heading: "Help & Support" },
    {
      name: "/profile/help, Contact Support dialog",
      path: "/profile/help",
      heading: "Help & Support",
      open: (page) => openDialog(page, "Contact Support", "Contact Support"),
    },
    {
      name: "/profile/help, an FAQ open",
      path: "/profile/help",
      heading: "Help & Support",
      async open(page) {
        await page.getByRole("button", { name: "How do I send Bitcoin?" }).click();
        await expect(page.getByRole("button", { name: "How do I send Bitcoin?" })).toHaveAttribute(
          "aria-expanded",
          "true",
        );
      },
    },
    {
      name: "/profile/proof-of-reserves",
      path: "/profile/proof-of-reserves",
      heading: "Proof of Reserves",
      intercept: (page) => answerProof(page),
      open: (page) => expect(page.getByText("Reserves on the chain: 13.00000000 BTC")).toBeVisible(),
    },
    {
      name: "/profile/proof-of-reserves, a proof that fails",
      path: "/profile/proof-of-reserves",
      heading: "Proof of Reserves",
      intercept: (page) => answerProof(page, { tampered: true }),
      open: (page) => expect(page.getByText("This proof does not verify.", { exact: false })).toBeVisible(),
    },
    { name: "/profile/wallet", path: "/profile/wallet", heading: "Connect Wallet" },
    {
      name: "/profile/wallet, the message to sign",
      path: "/profile/wallet",
      heading: "Connect Wallet",
      open: async (page) => {
        await openDialog(page, "Connect BlueWallet", "Connect BlueWallet");
        const dialog = page.getByRole("dialog", { name: "Connect BlueWallet" });
        await dialog.getByLabel("Bitcoin address").fill("bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9");
        await dialog.getByRole("button", { name: "Continue" }).click();
        await expect(dialog.getByLabel("Message to sign")).toBeVisible();
      },
    },
  ],
  staff: [
    {
      name: "/admin, Banking Customers",
      path: "/admin",
      heading: "Admin Dashboard",
      open: (page) => expect(page.getByRole("region", { name: "Banking Customers table" })).toBeVisible(),
    },
    {
      name: "/admin, User Details",
      path: "/admin",
      heading: "Admin Dashboard",
      async open(page) {
        await findDemoCustomer(page);
        await openDialog(page, "View Demo User", "User Details");
      },
    },
    {
      name: "/admin, a customer's statement (User Details > Open statement)",
      path: "/admin",
      heading: "Admin Dashboard",
      async open(page) {
        await findDemoCustomer(page);
        await openDialog(page, "View Demo User", "User Details");
        const href = await page.getByRole("link", { name: /^Open statement/ }).getAttribute("href");
        await page.goto(href ?? "");
        await expect(page.getByRole("heading", { level: 1, name: "Customer Statement" })).toBeVisible();
        await expect(page.getByRole("region", { name: "Statement entries" })).toBeVisible();
      },
    },
    {
      name: "/admin, the deactivate dialog",
      path: "/admin",
      heading: "Admin Dashboard",
      async open(page) {
        // Opened and scanned, never submitted: the next screen's load closes it.
        await findDemoCustomer(page);
        await openDialog(page, "Deactivate Demo User", "Deactivate Demo User?");
      },
    },
    {
      name: "/admin, Transaction History",
      path: "/admin?tab=transactions",
      heading: "Admin Dashboard",
      open: (page) => expect(page.getByRole("region", { name: "Transaction History table" })).toBeVisible(),
    },
    {
      name: "/admin, KYC Reviews",
      path: "/admin?tab=kyc",
      heading: "Admin Dashboard",
      open: (page) => expect(page.getByRole("tabpanel", { name: "KYC Reviews" })).toBeVisible(),
    },
    {
      name: "/admin, Approvals",
      path: "/admin?tab=approvals",
      heading: "Admin Dashboard",
      open: (page) => expect(page.getByRole("tabpanel", { name: "Approvals" })).toBeVisible(),
    },
    {
      name: "/admin, Support",
      path: "/admin?tab=support",
      heading: "Admin Dashboard",
      open: (page) => expect(page.getByRole("tabpanel", { name: "Support" })).toBeVisible(),
    },
    {
      name: "/admin, Books",
      path: "/admin?tab=books",
      heading: "Admin Dashboard",
      open: (page) => expect(page.getByRole("tabpanel", { name: "Books" })).toBeVisible(),
    },
    {
      name: "/admin, Books, payouts paused and a deposit to resolve",
      path: "/admin?tab=books",
      heading: "Admin Dashboard",
      intercept: answerBooksAfterReorg,
      open: (page) => expect(page.getByRole("region", { name: "Payouts paused" })).toBeVisible(),
    },
    {
      name: "/admin, Books, the Reverse dialog of a reorganised deposit",
      path: "/admin?tab=books",
      heading: "Admin Dashboard",
      intercept: answerBooksAfterReorg,
      // Opened and scanned, never submitted.
      open: (page) =>
        openDialog(
          page,
          "Reverse the deposit of 0.00050000 BTC to Demo User",
          "Reverse the deposit of 0.00050000 BTC?",
        ),
    },
    {
      name: "/admin, Books, an epoch's reserves proof waiting for the vault's signatures",
      path: "/admin?tab=books",
      heading: "Admin Dashboard",
      intercept: answerEpochAwaitingSignatures,
      open: (page) =>
        expect(page.getByRole("button", { name: "Upload signed PSBT for epoch 9999" })).toBeVisible(),
    },
    {
      name: "/admin, Books, the upload dialog of a reserves proof's signed PSBT",
      path: "/admin?tab=books",
      heading: "Admin Dashboard",
      intercept: answerEpochAwaitingSignatures,
      // Opened and scanned, never submitted.
      open: (page) => openDialog(page, "Upload signed PSBT for epoch 9999", "Upload a signed PSBT"),
    },
    {
      name: "/admin, Vault",
      path: "/admin?tab=vault",
      heading: "Admin Dashboard",
      open: (page) =>
        expect(
          page.getByRole("tabpanel", { name: "Vault" }).getByRole("heading", { level: 2, name: "Refills" }),
        ).toBeVisible(),
    },
    {
      name: "/admin, Vault, a refill waiting for signatures",
      path: "/admin?tab=vault",
      heading: "Admin Dashboard",
      intercept: answerVaultWithRefill,
      open: (page) => expect(page.getByRole("article", { name: "Refill of 0.00100000 BTC" })).toBeVisible(),
    },
    {
      name: "/admin, Vault, the upload dialog of a signed PSBT",
      path: "/admin?tab=vault",
      heading: "Admin Dashboard",
      intercept: answerVaultWithRefill,
      open: (page) =>
        openDialog(page, "Upload signed PSBT for the refill of 0.00100000 BTC", "Upload a signed PSBT"),
    },
    {
      name: "/admin, Vault, the Start a refill dialog",
      path: "/admin?tab=vault",
      heading: "Admin Dashboard",
      // Opened and scanned, never submitted: the next screen's load closes it.
      open: (page) => openDialog(page, "Start a refill", "Start a refill"),
    },
    {
      name: "/admin, Audit Log",
      path: "/admin?tab=audit",
      heading: "Admin Dashboard",
      open: (page) => expect(page.getByRole("tabpanel", { name: "Audit Log" })).toBeVisible(),
    },
  ],
};

/** Staff look at the dashboard on a laptop; everyone else at the suite's phone width. */
const viewports: Partial<Record<Viewer, { width: number; height: number }>> = {
  staff: { width: 1280, height: 800 },
};

/** Anything still loading: a spinner, a busy region, a "Loading ..." status, the brand name. */
function loading(page: Page): Locator {
  return page
    .locator('[data-slot="spinner"], [aria-busy="true"], [data-loading]')
    .or(page.getByRole("status").filter({ hasText: /^Loading/ }));
}

/** The screen's <h1> is shown and nothing is loading any more. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(loading(page), "nothing is loading").toHaveCount(0);
}

/** Sets the stored theme before every load of this page (public/theme-init.js reads it). */
async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((stored) => {
    try {
      window.localStorage.setItem("theme", stored);
    } catch {
      // about:blank has no storage.
    }
  }, theme);
}

async function scan(page: Page, screen: Screen, theme: Theme) {
  if (screen.clockPaused) await pauseClock(page);
  await screen.intercept?.(page);
  try {
    await page.goto(screen.path);
    const stopNudging = screen.clockPaused ? nudgeClock(page) : undefined;
    try {
      await expect(page.locator("html")).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
      await settled(page, screen.heading);
      if (screen.open) {
        await screen.open(page);
        await expect(loading(page), "nothing is loading").toHaveCount(0);
      }
      await expectNoSeriousViolations(page, test.info());
    } finally {
      const moved = await stopNudging?.();
      if (moved !== undefined) {
        expect(moved, "ms the paused clock moved while the screen was scanned").toBeLessThan(
          PAUSED_CLOCK_BUDGET_MS,
        );
      }
    }
  } finally {
    if (screen.intercept) await page.unrouteAll({ behavior: "ignoreErrors" });
  }
}

/** A browser context as the config's `use` makes them (contexts made by hand do not take it). */
function newContext(browser: Browser, viewer?: Viewer): Promise<BrowserContext> {
  const { baseURL, viewport } = test.info().project.use;
  const size = (viewer && viewports[viewer]) ?? viewport;
  return browser.newContext({ baseURL, viewport: size, reducedMotion: "reduce" });
}

/** A page of its own, in a context of its own: for a screen whose clock stands still. */
async function scanAlone(browser: Browser, screen: Screen, theme: Theme) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await useTheme(page, theme);
    await scan(page, screen, theme);
  } finally {
    await context.close();
  }
}

/** One browser for a describe block, signed in once (or not at all), with a page per theme. */
async function themedPages(browser: Browser, viewer: Viewer) {
  const signIn = signIns[viewer];
  const context = await newContext(browser, viewer);
  const pages = new Map<Theme, Page>();
  for (const theme of themes) {
    const page = await context.newPage();
    await useTheme(page, theme);
    pages.set(theme, page);
  }
  const first = pages.get("light");
  if (signIn && first) await signIn(first);
  return { context, pages };
}

const signIns: Record<Viewer, ((page: Page) => Promise<unknown>) | undefined> = {
  visitor: undefined,
  newcomer: signUpThroughApi,
  customer: (page) => signInWithEmailCode(page, moneyAccounts.grace),
  staff: (page) => signInWithEmailCode(page, seeded.staff),
};

test.use({ trace: "off" });

// The biggest group first: each group runs in one worker, and the two workers should finish together.
for (const viewer of ["customer", "visitor", "newcomer", "staff"] as const) {
  test.describe(viewer, () => {
    // In order, in one worker, sharing one sign-in; a failure does not skip the screens after it.
    test.describe.configure({ mode: "default" });
    let shared: Awaited<ReturnType<typeof themedPages>> | undefined;
    test.beforeAll(async ({ browser }) => {
      shared = await themedPages(browser, viewer);
    });
    test.afterAll(async () => {
      await shared?.context.close();
    });

    for (const screen of screens[viewer]) {
      for (const theme of themes) {
        test(`${screen.name} (${theme})`, async ({ browser }) => {
          // A paused clock is the whole context's, and would stay for the screens after it.
          if (screen.clockPaused) return scanAlone(browser, screen, theme);
          const page = shared?.pages.get(theme);
          if (page === undefined) throw new Error("no page for this theme");
          await scan(page, screen, theme);
        });
      }
    }
  });
}
