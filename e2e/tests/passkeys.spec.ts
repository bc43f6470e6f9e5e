import { type Browser, type CDPSession, expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, signUp } from "../support/accounts.js";
import { daysAgo, drawnImage } from "../support/kyc.js";
import { Inbox } from "../support/mailbox.js";
import { balanceCard, btcTextFromSats, historyRows } from "../support/money.js";
import { sandboxMine, sandboxPay } from "../support/sandbox.js";

// Passkeys end to end (issue 22) in the system Chromium with its virtual authenticator (ctap2, internal
// transport, resident keys and user verification on): a new customer adds a passkey, signs out, signs in
// with it alone, sends a withdrawal it approves, and removes it. Each run is a customer of its own.
//
// WebAuthn refuses an IP address as the RP ID, and the server's RP ID is PUBLIC_URL's host (localhost in
// e2e): this spec opens http://localhost:<port>, never the config's 127.0.0.1 (cookies follow the host, so
// the whole test stays on it).

test.describe.configure({ timeout: 120_000 });

/** A regtest address outside the bank (the BIP84 test vectors' first): a first withdrawal to it is held. */
const OUTSIDE = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";

function localhostURL(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error("no baseURL");
  const url = new URL(baseURL);
  url.hostname = "localhost";
  return url.origin;
}

async function localhostPage(browser: Browser): Promise<Page> {
  const { viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL: localhostURL(), viewport });
  return context.newPage();
}

/** The virtual authenticator a platform passkey lives in: answers every request with user verification. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The identity check, as a customer does it (the automated review decides within moments). */
async function verifyIdentity(page: Page) {
  await page.goto("/auth/kyc/identity");
  await page.getByRole("radio", { name: "Passport" }).check();
  await page.getByLabel("Upload document").setInputFiles({
    name: "passport.jpg",
    mimeType: "image/jpeg",
    buffer: await drawnImage(page, { width: 1000, height: 700, type: "image/jpeg" }),
  });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Proof of Address" })).toBeVisible();
  await page.getByLabel("Upload document").setInputFiles({
    name: "bill.png",
    mimeType: "image/png",
    buffer: await drawnImage(page, { width: 800, height: 1000, type: "image/png" }),
  });
  await page.getByLabel("Date on the document").fill(daysAgo(20));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/auth\/kyc\/selfie$/);
  await page.getByLabel("Upload a photo").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await drawnImage(page, { width: 720, height: 960, type: "image/png" }),
  });
  await page.getByRole("button", { name: "Submit Verification" }).click();
  await expect(page).toHaveURL(/\/auth\/kyc\/status$/);
  await expect
    .poll(
      async () => ((await (await page.request.get("/api/wallet")).json()) as { canSend: boolean }).canSend,
      {
        message: "the identity check approved",
      },
    )
    .toBe(true);
}

/** Money in: a deposit paid by the sandbox's faucet and mined. */
async function fund(page: Page, sats: bigint) {
  const { address } = (await (await page.request.get("/api/wallet/receive")).json()) as { address: string };
  await sandboxPay(page.request, address, sats);
  await sandboxMine(page.request, 1);
  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText(btcTextFromSats(sats));
}

/** Log Out, from the profile's menu: sign-in opens. */
async function signOut(page: Page) {
  await page.goto("/profile/account");
  await page.getByRole("navigation", { name: "Profile" }).getByRole("button", { name: "Log Out" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

async function signedInEmail(page: Page): Promise<string> {
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { email: string } };
  return me.user.email;
}

async function openPasskeys(page: Page): Promise<Locator> {
  await page.goto("/profile/security");
  await page.getByRole("button", { name: "Manage Passkeys" }).click();
  const dialog = page.getByRole("dialog", { name: /^(Passkeys|Confirm it's you)$/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * A change that may ask "Confirm it's you" (the session's proof no longer fresh): proved with the passkey
 * when there is one, else the password and the emailed code, after which the change goes on by itself.
 */
async function proveIfAsked(
  page: Page,
  dialog: Locator,
  done: Locator,
  proof: { passkey: true } | { password: string; inbox: Inbox },
) {
  const asked = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(done.or(asked)).toBeVisible();
  if (!(await asked.isVisible())) return;
  if ("passkey" in proof) {
    await dialog.getByRole("button", { name: "Use a passkey" }).click();
  } else {
    await dialog.getByLabel("Current Password").fill(proof.password);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByLabel("Authentication code").fill(await proof.inbox.nextCode());
    await dialog.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(done).toBeVisible();
}

test("add a passkey, sign out, sign in with it alone, approve a withdrawal with it, remove it", async ({
  browser,
}) => {
  const page = await localhostPage(browser);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const account = newAccount();
  const welcome = await Inbox.open(page.request, account.email);
  await signUp(page, account);
  await page.goto(await welcome.nextVerificationPath());
  await expect(page.getByRole("status").filter({ hasText: "Your email address is verified." })).toBeVisible();
  await verifyIdentity(page);
  await fund(page, 100_000n);

  // Add: the browser's dialog, answered by the virtual authenticator.
  const inbox = await Inbox.open(page.request, account.email);
  let dialog = await openPasskeys(page);
  await dialog.getByLabel("Name (optional)").fill("E2E key");
  await dialog.getByRole("button", { name: "Add a passkey" }).click();
  const added = page.getByText("Passkey added", { exact: true });
  await proveIfAsked(page, dialog, added, { password: account.password, inbox });
  const item = dialog.getByRole("listitem", { name: "E2E key" });
  await expect(item).toContainText("Last usedNever");
  await expect(dialog.getByRole("switch", { name: "Approve withdrawals with a passkey" })).toBeChecked();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials, "one resident credential on the device").toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await dialog.getByRole("button", { name: "Close" }).click();

  // Sign out, then in with the passkey alone: no email, no password, no code. First the button: the
  // autofill's request (the page's first challenge) is held, so the button's dialog is the one answered.
  const passwordSteps: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/auth/login")) passwordSteps.push(request.url());
  });
  let challenges = 0;
  await page.route("**/api/auth/passkeys/authentication/options", async (route) => {
    challenges += 1;
    if (challenges > 1) await route.continue();
  });
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("Login successful", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  expect(await signedInEmail(page)).toBe(account.email);

  // Then the email field's autofill: Chrome's virtual authenticator picks the passkey for the person. Its
  // challenge is held until the sign-in page is seen, or the autofill may sign in before signOut looks.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/passkeys/authentication/options", async (route) => {
    await held;
    await route.continue();
  });
  await signOut(page);
  release();
  await expect(page.getByText("Login successful", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  expect(await signedInEmail(page)).toBe(account.email);
  expect(passwordSteps).toEqual([]);

  // A withdrawal: Confirm & Send asks the device, which signs exactly this withdrawal.
  await page.goto("/wallet/send");
  await page.getByLabel("Recipient", { exact: true }).fill(OUTSIDE);
  await page.getByLabel("Amount (BTC)").fill("0.0004");
  await page.getByRole("button", { name: "Continue" }).click();
  const review = page.getByRole("dialog", { name: "Review Transaction" });
  const sends: { idempotencyKey: string; approval?: { challengeId: string } }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/wallet/send")
      sends.push(request.postDataJSON());
  });
  await review.getByRole("button", { name: "Confirm & Send" }).click();
  await expect(page.getByText(/^Withdrawal held until /)).toBeVisible();
  // Refused without the approval (403 PASSKEY_REQUIRED), then the same send with the device's signature.
  expect(sends).toHaveLength(2);
  expect(sends[0]?.approval).toBeUndefined();
  expect(sends[1]?.approval?.challengeId).toEqual(expect.any(String));
  expect(sends[1]?.idempotencyKey).toBe(sends[0]?.idempotencyKey);
  await page.goto("/history");
  const row = historyRows(page).filter({ hasText: "-0.00040000 BTC" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pending");

  // Remove it: the last one (proved with the passkey itself if the proof is no longer fresh).
  dialog = await openPasskeys(page);
  await expect(dialog.getByRole("listitem", { name: "E2E key" })).not.toContainText("Last usedNever");
  await dialog.getByRole("button", { name: "Remove E2E key" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove E2E key?" });
  await confirm.getByRole("button", { name: "Remove passkey" }).click();
  await proveIfAsked(page, dialog, page.getByText("Passkey removed", { exact: true }), { passkey: true });
  await expect(dialog.getByText(/No passkeys yet/)).toBeVisible();
  await expect(dialog.getByRole("switch")).toHaveCount(0);
  await page.context().close();
});
