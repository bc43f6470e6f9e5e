import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { historyRows } from "../support/money.js";
import { download } from "../support/page-helpers.js";
import { sandboxPay } from "../support/sandbox.js";

// History > Export (issue 24): the customer downloads their history as the screen shows it, as a CSV with
// the dates in the browser's time zone. A new customer, so that no other spec's rows are in the way.
test.use({ timezoneId: "America/New_York" });

const HEADER =
  "Date & Time,Type,Amount (BTC),Amount (sats),Fee (BTC),Fee (sats),USD at Settlement," +
  "BTC Price in USD at Settlement,Price Source,Counterparty,Address,Txid,Status,Note,Label,Transaction ID";

/** The file's lines without the byte-order mark (none of this customer's cells is quoted). */
async function csvLines(path: string): Promise<string[][]> {
  expect(path).toMatch(/-transactions-\d{8}-\d{6}\.csv$/);
  const text = await readFile(path, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const lines = text.slice(1).split("\r\n");
  expect(lines.pop()).toBe("");
  expect(lines[0]).toBe(HEADER);
  return lines.slice(1).map((line) => line.split(","));
}

test("a customer exports their history as CSV from History, the rows shown, dates in their time zone", async ({
  page,
}) => {
  await signUp(page);
  const { address } = (await (await page.request.get("/api/wallet/receive")).json()) as { address: string };
  // Two deposits waiting in the mempool: two rows, newest first.
  await sandboxPay(page.request, address, 125_000n);
  await sandboxPay(page.request, address, 70_000n);

  await page.goto("/history");
  await expect(historyRows(page)).toHaveCount(2);
  const exportButton = page.getByRole("button", { name: "Export transactions" });
  await exportButton.click();
  const csvItem = page.getByRole("menuitem", { name: "CSV (spreadsheet)" });
  await expect(csvItem).toHaveAttribute("href", /timeZone=America%2FNew_York/);
  const rows = await csvLines(await download(page, csvItem));

  expect(rows).toHaveLength(2);
  const [newest, oldest] = rows as [string[], string[]];
  expect(newest.slice(1, 14)).toEqual([
    "receive",
    "0.00070000",
    "70000",
    "0.00000000",
    "0",
    "",
    "",
    "",
    "",
    address,
    expect.stringMatching(/^[0-9a-f]{64}$/),
    "pending",
    "",
  ]);
  expect(oldest.slice(1, 4)).toEqual(["receive", "0.00125000", "125000"]);
  // New York's wall clock, with its offset (winter or summer).
  for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}-0[45]:00$/);
  expect(newest.at(-1)).not.toBe(oldest.at(-1));

  // The file follows the screen: with "Sent" shown, it holds no row.
  await page.goto("/history?filter=sent");
  await expect(page.getByText("No transactions found", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Export transactions" }).click();
  expect(
    await csvLines(await download(page, page.getByRole("menuitem", { name: "CSV (spreadsheet)" }))),
  ).toEqual([]);
});

test("the Export menu fits beside the search on a phone and a laptop, in light and dark", async ({
  page,
}) => {
  await signUp(page);
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/history");
      const search = page.getByRole("searchbox", { name: "Search transactions" });
      const exportButton = page.getByRole("button", { name: "Export transactions" });
      await expect(exportButton).toBeVisible();
      const [searchBox, buttonBox, rowBox] = [
        await search.boundingBox(),
        await exportButton.boundingBox(),
        await exportButton.locator("..").boundingBox(),
      ];
      if (searchBox === null || buttonBox === null || rowBox === null) throw new Error("not laid out");
      // One row, the button inside the window, the search keeping most of it.
      expect(
        Math.abs(buttonBox.y + buttonBox.height / 2 - (searchBox.y + searchBox.height / 2)),
      ).toBeLessThan(2);
      expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(width);
      expect(searchBox.width).toBeGreaterThan(rowBox.width / 2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await exportButton.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "CSV (spreadsheet)" })).toBeFocused();
      for (const item of await menu.getByRole("menuitem").all()) {
        const itemBox = await item.boundingBox();
        expect(itemBox !== null && itemBox.x >= 0 && itemBox.x + itemBox.width <= width).toBe(true);
      }
      const colours = await menu.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.color, style.backgroundColor];
      });
      expect(colours[0]).not.toBe(colours[1]);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(exportButton).toBeFocused();
    }
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
  }
});
