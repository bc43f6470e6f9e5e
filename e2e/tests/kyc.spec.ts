import { expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { daysAgo, drawnImage } from "../support/kyc.js";
import { moneyAccounts } from "../support/money.js";
import { signInWithEmailCode } from "../support/sign-in.js";

/** A destructive toast: its title and its text, each exactly. */
async function expectToast(page: Page, title: string, text: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

async function identityStep(page: Page, image: { width: number; height: number }) {
  await expect(page).toHaveURL(/\/auth\/kyc\/identity$/);
  await page.getByRole("radio", { name: "Passport" }).check();
  await page.getByLabel("Upload document").setInputFiles({
    name: "passport.jpg",
    mimeType: "image/jpeg",
    buffer: await drawnImage(page, { ...image, type: "image/jpeg" }),
  });
  await page.getByRole("button", { name: "Continue" }).click();
}

async function addressStep(page: Page) {
  await expect(page).toHaveURL(/\/auth\/kyc\/address$/);
  await page.getByLabel("Upload document").setInputFiles({
    name: "bill.png",
    mimeType: "image/png",
    buffer: await drawnImage(page, { width: 800, height: 1000, type: "image/png" }),
  });
  await page.getByLabel("Date on the document").fill(daysAgo(20));
  await page.getByRole("button", { name: "Continue" }).click();
}

async function selfieStep(page: Page) {
  await expect(page).toHaveURL(/\/auth\/kyc\/selfie$/);
  await page.getByLabel("Upload a photo").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await drawnImage(page, { width: 720, height: 960, type: "image/png" }),
  });
  await page.getByRole("button", { name: "Submit Verification" }).click();
}

test("from sign-up to approved: each step's missing-file toast, then Go to Dashboard, and sending is open", async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole("link", { name: "Start Verification" }).click();

  await page.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Missing information", "Please select a document type and upload your document.");
  await expect(page).toHaveURL(/\/auth\/kyc\/identity$/);
  await identityStep(page, { width: 1000, height: 700 });

  // The address step's own Continue: the identity step's stays on screen while its upload runs.
  await expect(page.getByRole("heading", { level: 1, name: "Proof of Address" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Missing document", "Please upload your proof of address.");
  await addressStep(page);

  await page.getByRole("button", { name: "Submit Verification" }).click();
  await expectToast(page, "Selfie required", "Please take or upload a selfie to continue.");
  await selfieStep(page);

  await expect(page).toHaveURL(/\/auth\/kyc\/status$/);
  // The automated review decides within moments; the screen follows the server without a reload.
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const summary = await (await page.request.get("/api/wallet")).json();
  expect(summary).toMatchObject({ canSend: true, sendLimit: { level: 1 } });
});

test("while staff have not decided, the status screen shows the progress held below 100 and Back to selfie", async ({
  page,
}) => {
  // isabella's submission waits for a manual review (seeded).
  await signInWithEmailCode(page, moneyAccounts.isabella);
  await page.goto("/auth/kyc/status");
  await expect(page.getByText("Verification typically takes 24-48 hours")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to selfie" })).toBeVisible();
  const bar = page.getByRole("progressbar");
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
});

test("a refused file says why in place and the step stays; Replace clears a chosen one", async ({ page }) => {
  await signUp(page);
  await page.goto("/auth/kyc/identity");
  await page.getByRole("radio", { name: "Driver's License" }).check();
  await page.getByLabel("Upload document").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><body>not an image</body></html>"),
  });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "JPG, PNG or PDF" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/kyc\/identity$/);

  await page.getByLabel("Upload document").setInputFiles({
    name: "licence.jpg",
    mimeType: "image/jpeg",
    buffer: await drawnImage(page, { width: 900, height: 600, type: "image/jpeg" }),
  });
  await expect(page.getByText("licence.jpg")).toBeVisible();
  await page.getByRole("button", { name: "Replace" }).click();
  await expect(page.getByText("licence.jpg")).toHaveCount(0);
  await expect(page.getByLabel("Upload document")).toBeAttached();
});

test("a rejection shows the reason and Try Again leads back to the identity step", async ({ page }) => {
  await signUp(page);
  await page.goto("/auth/kyc/identity");
  // Too small to read (the automated review wants at least 600x400).
  await identityStep(page, { width: 400, height: 300 });
  await addressStep(page);
  await selfieStep(page);
  await expect(page.getByText("Verification Rejected", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Unfortunately, we couldn't verify your identity with the provided documents."),
  ).toBeVisible();
  await expect(page.getByText(/too small to read/)).toBeVisible();
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/auth\/kyc\/identity$/);
});

test("the profile's KYC page: View shows the verified identity, Complete starts the enhanced level", async ({
  page,
}) => {
  await signInWithEmailCode(page, moneyAccounts.demo);
  await page.goto("/profile/kyc");
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  await page.getByRole("button", { name: "View Identity Verification" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Passport");
  await expect(dialog).toContainText("Verified");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Complete Enhanced Verification" }).click();
  await expect(page.getByText("Verification Started", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/kyc\/enhanced$/);
});

test("a send above what is left of today's limit is refused on the form and by the server", async ({
  page,
}) => {
  // SEND_LIMIT_LEVEL_1_SAT is 0.01 BTC in the end-to-end server; jonas holds more and sent nothing today.
  await signInWithEmailCode(page, moneyAccounts.jonas);
  await page.goto("/wallet/send");
  await expect(page.getByText(/Left today: 0\.01000000 BTC/)).toBeVisible();
  await page.getByLabel("Recipient", { exact: true }).fill("alice");
  await page.getByLabel("Amount (BTC)").fill("0.011");
  await page.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Daily limit reached", "You can send up to 0.01000000 BTC more today");
  await expect(page.getByRole("dialog", { name: "Review Transaction" })).toHaveCount(0);

  const res = await page.request.post("/api/wallet/send", {
    data: { recipient: "alice", amountSats: "1100000", idempotencyKey: crypto.randomUUID() },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ error: { reason: "dailyLimit" } });
});
