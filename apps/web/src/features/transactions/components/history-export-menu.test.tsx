import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { transaction, transactionPage } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { TransactionHistory } from "./transaction-history";

function renderHistory(url: string) {
  stubApi({ routes: { "GET /api/transactions": () => transactionPage([transaction()]) } });
  return renderWithProviders(<TransactionHistory />, { path: "/history", url });
}

/** The browser's time zone as Intl answers it, for the test's length. */
function browserZone(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("History's export menu", () => {
  it("downloads the list as shown (filter, search) in the browser's time zone, as CSV or JSON", async () => {
    browserZone("America/New_York");
    const view = renderHistory("/history?filter=sent&q=bob%20smith");
    await screen.findByRole("list", { name: "Transactions" });
    const trigger = screen.getByRole("button", { name: "Export transactions" });
    trigger.focus();
    await view.user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["CSV (spreadsheet)", "JSON", "Monthly statement"]);
    expect(items[0]).toHaveFocus();

    const csv = within(menu).getByRole("menuitem", { name: "CSV (spreadsheet)" });
    expect(csv).toHaveAttribute(
      "href",
      "/api/transactions/export?filter=sent&q=bob+smith&format=csv&timeZone=America%2FNew_York",
    );
    expect(csv).toHaveAttribute("download");
    expect(within(menu).getByRole("menuitem", { name: "JSON" })).toHaveAttribute(
      "href",
      "/api/transactions/export?filter=sent&q=bob+smith&format=json&timeZone=America%2FNew_York",
    );

    await view.user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("follows the filter chosen after the page opened", async () => {
    browserZone("UTC");
    const view = renderHistory("/history");
    await screen.findByRole("list", { name: "Transactions" });
    await view.user.click(screen.getByRole("button", { name: "Filter transactions" }));
    await view.user.click(await screen.findByRole("menuitemradio", { name: "Received" }));
    await view.user.click(screen.getByRole("button", { name: "Export transactions" }));
    expect(await screen.findByRole("menuitem", { name: "CSV (spreadsheet)" })).toHaveAttribute(
      "href",
      "/api/transactions/export?filter=received&format=csv&timeZone=UTC",
    );
  });

  it("leads to the monthly statement from the keyboard", async () => {
    const view = renderHistory("/history");
    await screen.findByRole("list", { name: "Transactions" });
    screen.getByRole("button", { name: "Export transactions" }).focus();
    await view.user.keyboard("{Enter}");
    await screen.findByRole("menu");
    await view.user.keyboard("{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("menuitem", { name: "Monthly statement" })).toHaveFocus();
    await view.user.keyboard("{Enter}");
    expect(view.router.state.location.pathname).toBe("/history/statement");
  });
});
