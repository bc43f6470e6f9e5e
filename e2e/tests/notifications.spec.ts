import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { moneyAccounts } from "../support/money.js";
import { signInWithEmailCode } from "../support/sign-in.js";

test("Notification Settings: all off at first, All sets every switch, All is on only with the other three, kept after a reload", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/profile/notifications");
  const all = page.getByRole("switch", { name: "All Notifications" });
  const transactions = page.getByRole("switch", { name: "Transaction Alerts" });
  const security = page.getByRole("switch", { name: "Security Alerts" });
  const email = page.getByRole("switch", { name: "Email Notifications" });
  for (const each of [all, transactions, security, email]) await expect(each).not.toBeChecked();

  await all.click();
  await expect(page.getByText("All notifications enabled", { exact: true })).toBeVisible();
  for (const each of [all, transactions, security, email]) await expect(each).toBeChecked();
  await page.reload();
  for (const each of [all, transactions, security, email]) await expect(each).toBeChecked();

  await email.click();
  await expect(page.getByText("Email notifications disabled", { exact: true })).toBeVisible();
  await expect(all).not.toBeChecked();
  await expect(transactions).toBeChecked();
  await page.reload();
  await expect(email).not.toBeChecked();
  await expect(all).not.toBeChecked();
  await expect(transactions).toBeChecked();
});

test("a payee's notification arrives while the app is open: a toast, the unread badge, then read when opened", async ({
  browser,
  page,
}) => {
  await signUp(page);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { username: string } };
  await page.goto("/profile/notifications");
  await page.getByRole("switch", { name: "Transaction Alerts" }).click();
  await expect(page.getByText("Transaction notifications enabled", { exact: true })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

  // Another customer sends to the payee's username.
  const senderContext = await browser.newContext();
  const sender = await senderContext.newPage();
  await signInWithEmailCode(sender, moneyAccounts.sofia);
  const sent = await sender.request.post("/api/wallet/send", {
    data: { recipient: me.user.username, amountSats: "1500", idempotencyKey: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await senderContext.close();

  // It arrives on the open dashboard by itself: the toast and the badge.
  await expect(page.getByText("Bitcoin received", { exact: true }).first()).toBeVisible();
  const unread = page.getByRole("link", { name: "Notifications (1 unread)" });
  await expect(unread).toBeVisible();
  await unread.click();
  await expect(page.getByText("1 new", { exact: true })).toBeVisible();
  const item = page.getByRole("list", { name: "Notifications" }).getByRole("button").first();
  await expect(item).toContainText("0.00001500 BTC");
  await item.click();
  await page.keyboard.press("Escape");
  await expect(page.getByText("1 new", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
});

test("Mark all as read clears the badge and the highlight", async ({ browser, page }) => {
  await signUp(page);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { username: string } };
  await page.request.patch("/api/notifications/settings", { data: { transactionAlerts: true } });
  const senderContext = await browser.newContext();
  const sender = await senderContext.newPage();
  await signInWithEmailCode(sender, moneyAccounts.sofia);
  for (const amount of ["1100", "1200"]) {
    const sent = await sender.request.post("/api/wallet/send", {
      data: { recipient: me.user.username, amountSats: amount, idempotencyKey: crypto.randomUUID() },
    });
    expect(sent.status()).toBe(201);
  }
  await senderContext.close();
  await page.goto("/notifications");
  await expect(page.getByText("2 new", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("2 new", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
});
