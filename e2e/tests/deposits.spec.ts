import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { balanceCard, btcTextFromSats, shownBalance } from "../support/money.js";
import { sandboxMine, sandboxPay } from "../support/sandbox.js";

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
