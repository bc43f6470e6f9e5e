import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { balanceCard, btcTextFromSats, moneyAccounts, shownBalance } from "../support/money.js";
import { sandboxMine, sandboxPay } from "../support/sandbox.js";
import { signInWithEmailCode } from "../support/sign-in.js";

test("a payment to the deposit address shows as pending, is credited once when mined, and more blocks change nothing", async ({
  page,
}) => {
  await signUp(page);
  const receive = await page.request.get("/api/wallet/receive");
  expect(receive.ok()).toBe(true);
  const { address } = (await receive.json()) as { address: string };
  expect(address).toMatch(/^bcrt1q[0-9a-z]+$/);

  const txid = await sandboxPay(page.request, address, 125_000n);
  await page.goto("/history");
  const row = page.getByRole("list", { name: "Transactions" }).getByRole("listitem").first();
  await expect(row).toContainText("+0.00125000 BTC");
  await expect(row).toContainText("Pending");
  await page.goto("/dashboard");
  expect(await shownBalance(page)).toBe(0n);

  await sandboxMine(page.request, 1);
  await page.reload();
  await expect(balanceCard(page)).toContainText(btcTextFromSats(125_000n));

  await sandboxMine(page.request, 3);
  await page.reload();
  await expect(balanceCard(page)).toContainText(btcTextFromSats(125_000n));

  await page.goto("/history");
  await expect(row).toContainText("Completed");
  await row.getByRole("button").click();
  await expect(page.getByRole("dialog", { name: "Transaction Details" })).toContainText(txid);
  // The address was paid: the receive screen now offers a new one; the old one still credits its owner.
  const next = (await (await page.request.get("/api/wallet/receive")).json()) as { address: string };
  expect(next.address).not.toBe(address);
});

test("money sent to another customer's deposit address stays inside the bank and arrives on their side", async ({
  browser,
  page,
}) => {
  const payee = await signUp(page);
  const { address } = (await (await page.request.get("/api/wallet/receive")).json()) as { address: string };

  const senderContext = await browser.newContext();
  const sender = await senderContext.newPage();
  await signInWithEmailCode(sender, moneyAccounts.hiroshi);
  await sender.goto("/wallet/send");
  await sender.getByLabel("Recipient", { exact: true }).fill(address);
  await sender.getByLabel("Amount (BTC)").fill("0.0002");
  await sender.getByRole("button", { name: "Continue" }).click();
  const review = sender.getByRole("dialog", { name: "Review Transaction" });
  // The address is a customer's: the review names them, and the send is free.
  await expect(review.getByText(payee.name, { exact: true })).toBeVisible();
  await expect(review.getByText("0.00000000 BTC", { exact: true })).toBeVisible();
  await review.getByRole("button", { name: "Confirm & Send" }).click();
  await expect(sender.getByText("Bitcoin sent successfully", { exact: true })).toBeVisible();
  await senderContext.close();

  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText(btcTextFromSats(20_000n));
  const row = page.getByRole("list", { name: "Recent Transactions" }).getByRole("listitem").first();
  await expect(row).toContainText("+0.00020000 BTC");
  await expect(row).toContainText("Completed");
});
