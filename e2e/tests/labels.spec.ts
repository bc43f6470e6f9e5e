import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { historyRows } from "../support/money.js";
import { toast } from "../support/page-helpers.js";
import { sandboxPay } from "../support/sandbox.js";

// A customer's own labels (issue 24): one added in a transaction's details is found by the history search;
// the receive screen's address takes one too. A new customer, so that no other spec's rows are in the way.

test("a label added in the details dialog is found by the history search, and the receive screen's address takes one", async ({
  page,
}) => {
  await signUp(page);
  const { address } = (await (await page.request.get("/api/wallet/receive")).json()) as { address: string };
  // Two deposits waiting in the mempool: two rows, one to label.
  await sandboxPay(page.request, address, 125_000n);
  await sandboxPay(page.request, address, 70_000n);
  const word = `boat${randomBytes(3).toString("hex")}`;

  await page.goto("/history");
  await expect(historyRows(page)).toHaveCount(2);
  const labelled = historyRows(page).filter({ hasText: "+0.00125000 BTC" });
  await labelled.getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "Transaction Details" });
  await dialog.getByRole("button", { name: "Add label" }).click();
  const field = dialog.getByRole("textbox", { name: "Label" });
  await expect(field).toBeFocused();
  await field.fill(`Savings for the ${word}`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Label saved")).toBeVisible();
  await expect(dialog.getByText(`Savings for the ${word}`, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Edit label" })).toBeFocused();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  const search = page.getByRole("searchbox", { name: "Search transactions" });
  await search.fill(word);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText("+0.00125000 BTC");
  await search.fill("no-such-label-zz");
  await expect(page.getByText("No transactions found", { exact: true })).toBeVisible();

  // The label is the server's: it is there after a reload, in the details.
  await page.goto(`/history?q=${word}`);
  await historyRows(page).first().getByRole("button").click();
  await expect(dialog.getByText(`Savings for the ${word}`, { exact: true })).toBeVisible();

  await page.goto("/wallet/receive");
  const card = page.getByRole("region", { name: "Your Bitcoin address" });
  await card.getByRole("button", { name: "Add label" }).click();
  await card.getByRole("textbox", { name: "Your label for this address" }).fill("From my salary");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Label saved")).toBeVisible();
  await page.reload();
  await expect(card.getByText("From my salary", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Edit label" })).toBeVisible();
});
