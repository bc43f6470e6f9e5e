import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";

test("a new customer's receive screen: a regtest address, its QR code, Copy and the username", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page);
  const me = await page.request.get("/api/auth/me");
  const { user } = (await me.json()) as { user: { username: string } };

  await page.goto("/wallet/receive");
  await expect(page.getByRole("heading", { level: 1, name: "Receive Bitcoin" })).toBeVisible();
  const card = page.getByRole("region", { name: "Your Bitcoin address" });
  const addressText = card.getByText(/^bcrt1q[0-9a-z]+$/);
  await expect(addressText).toBeVisible();
  const address = (await addressText.textContent()) ?? "";
  expect(address).toMatch(/^bcrt1q[0-9a-z]+$/);

  const qr = card.getByRole("img", { name: "QR code of your Bitcoin address" });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAccessibleDescription(address);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await card.getByRole("button", { name: "Copy Address" }).click();
  await expect(page.getByText("Address copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  await expect(page.getByText(/can send to your username/)).toContainText(user.username);
  await expect(page.getByText("Transactions may take 10-60 minutes to confirm.")).toBeVisible();

  // The address stays the customer's until a payment to it is seen.
  await page.reload();
  await expect(card.getByText(address, { exact: true })).toBeVisible();
});
