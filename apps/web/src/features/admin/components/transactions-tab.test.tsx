import type { AdminTransactionPage } from "@satsbank/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminTransaction, BC_ADDRESS, queriesTo } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { type StubHandler, stubApi } from "@/test/stub-api";
import { TransactionsTab } from "./transactions-tab";

const TRANSACTIONS = "/api/admin/transactions";

const withdrawal = adminTransaction();
const transfer = adminTransaction({
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  type: "receive",
  amountSats: "250000",
  feeSats: "0",
  status: "pending",
  user: { id: "1c8b4d3f-6a2e-4d9b-8f3c-7e5a2b8d4f01", name: "Bob Builder", username: "bob" },
  counterparty: { username: "ada", name: "Ada Lovelace" },
  address: null,
});

function page(items = [withdrawal, transfer], nextCursor: string | null = null): AdminTransactionPage {
  return { items, nextCursor };
}

function renderTransactions(list: StubHandler = () => page()) {
  const fetchMock = stubApi({ routes: { [`GET ${TRANSACTIONS}`]: list } });
  const view = renderWithProviders(<TransactionsTab />);
  return { ...view, fetchMock };
}

describe("Transaction History", () => {
  it("shows the specification's columns: amounts and fees to 8 decimals, 'MMM dd, yyyy HH:mm', a truncated address", async () => {
    const { fetchMock } = renderTransactions();
    const table = await screen.findByRole("table", { name: "Transaction History" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Transaction ID", "Type", "Amount", "User", "Date & Time", "Address", "Status", "Fee"]);

    const [, first, second] = within(table).getAllByRole("row") as HTMLElement[];
    const cells = within(first as HTMLElement).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent(withdrawal.id);
    expect(cells[1]).toHaveTextContent("Send");
    expect(cells[2]).toHaveTextContent("0.00100000 BTC");
    expect(cells[3]).toHaveTextContent("Ada Lovelace@ada");
    expect(cells[4]).toHaveTextContent("Apr 17, 2025 14:05");
    expect(cells[6]).toHaveTextContent("Completed");
    expect(cells[7]).toHaveTextContent("0.00001000 BTC");

    // Truncated on screen; the whole address for screen readers, the tooltip and the copy button.
    const address = cells[5] as HTMLElement;
    expect(within(address).getByText("bc1qcr8te4...306fyu")).toHaveAttribute("aria-hidden", "true");
    expect(within(address).getByText(BC_ADDRESS)).toHaveClass("sr-only");
    expect(within(address).getByRole("button", { name: `Copy address ${BC_ADDRESS}` })).toBeInTheDocument();

    const transferCells = within(second as HTMLElement).getAllByRole("cell");
    expect(transferCells[1]).toHaveTextContent("Receive");
    expect(transferCells[5]).toHaveTextContent("Transfer from @ada");
    expect(transferCells[6]).toHaveTextContent("Pending");
    expect(queriesTo(fetchMock, TRANSACTIONS)).toEqual(["type=all&status=all"]);
  });

  it("shows the whole address on keyboard focus", async () => {
    renderTransactions(() => page([withdrawal]));
    const table = await screen.findByRole("table", { name: "Transaction History" });
    const truncated = within(table).getByText("bc1qcr8te4...306fyu").parentElement as HTMLElement;
    expect(truncated).toHaveAttribute("tabindex", "0");
    act(() => truncated.focus());
    expect(await screen.findByRole("tooltip")).toHaveTextContent(BC_ADDRESS);
  });

  it("searches and filters by type and status on the server, and the export link carries the filters", async () => {
    const view = renderTransactions();
    await screen.findByRole("table", { name: "Transaction History" });
    const type = screen.getByRole("combobox", { name: "Type" });
    const status = screen.getByRole("combobox", { name: "Status" });
    expect(
      within(type)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All Types", "Send", "Receive"]);
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All Status", "Completed", "Pending", "Failed"]);
    const exportLink = screen.getByRole("link", { name: "Export CSV" });
    expect(exportLink).toHaveAttribute("href", "/api/admin/transactions/export.csv?type=all&status=all");
    expect(exportLink).toHaveAttribute("download");

    await view.user.selectOptions(type, "Send");
    await view.user.selectOptions(status, "Pending");
    const search = screen.getByRole("searchbox", { name: "Search transactions" });
    expect(search).toHaveAttribute("placeholder", "Search by user name, address or transaction ID");
    await view.user.type(search, "bob smith");
    await waitFor(() =>
      expect(queriesTo(view.fetchMock, TRANSACTIONS)).toEqual([
        "type=all&status=all",
        "type=send&status=all",
        "type=send&status=pending",
        "q=bob+smith&type=send&status=pending",
      ]),
    );
    expect(exportLink).toHaveAttribute(
      "href",
      "/api/admin/transactions/export.csv?q=bob+smith&type=send&status=pending",
    );
  });

  it("says 'No transactions found' when nothing matches", async () => {
    renderTransactions(() => page([]));
    expect(await screen.findByText("No transactions found")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("loads the next page with the cursor", async () => {
    const older = adminTransaction({ id: "0e1d2c3b-4a59-4687-9a6b-5c4d3e2f1a0b", amountSats: "7" });
    const view = renderTransactions(({ url }) =>
      url.searchParams.get("cursor") === "c2" ? page([older]) : page([withdrawal], "c2"),
    );
    await screen.findByRole("table", { name: "Transaction History" });
    await view.user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("0.00000007 BTC")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(queriesTo(view.fetchMock, TRANSACTIONS)).toEqual([
      "type=all&status=all",
      "type=all&status=all&cursor=c2",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});
