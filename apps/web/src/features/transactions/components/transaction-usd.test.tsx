import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { transaction, transactionPage, walletSummary } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, type StubHandler, stubApi } from "@/test/stub-api";
import { TransactionHistory } from "./transaction-history";

// History rows and details say what an amount is worth in US dollars, at the wallet summary's price
// (42389.57 USD per BTC in the fixtures): the price source keeps no history, so today's price.

const toAlice = transaction({ id: "5a0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a61", amountSats: "100000" });
const toAddress = transaction({
  id: "5a0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a63",
  amountSats: "50000",
  feeSats: "1000",
  counterparty: { username: null, name: null, address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" },
});

function renderHistory(summary: StubHandler) {
  stubApi({
    routes: {
      "GET /api/transactions": () => transactionPage([toAlice, toAddress]),
      "GET /api/wallet": summary,
      [`GET /api/transactions/${toAddress.id}`]: () => ({ transaction: toAddress }),
    },
  });
  return renderWithProviders(<TransactionHistory />, { path: "/history" });
}

describe("USD values in the history", () => {
  it("each row shows its amount in US dollars under the BTC amount", async () => {
    renderHistory(() => walletSummary);
    const list = await screen.findByRole("list", { name: "Transactions" });
    const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(await within(first).findByText("≈ $42.39")).toBeInTheDocument();
    // 0.0005 BTC: $21.19 (the fee is its own line).
    expect(within(second).getByText("≈ $21.19")).toBeInTheDocument();
  });

  it("the details show the amount and, for a withdrawal, the total in US dollars", async () => {
    const view = renderHistory(() => walletSummary);
    const list = await screen.findByRole("list", { name: "Transactions" });
    const [, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    await within(second).findByText("≈ $21.19");
    await view.user.click(within(second).getByRole("button"));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    const detail = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(detail("Amount")).toHaveTextContent("-0.00050000 BTC≈ $21.19");
    // 0.00051 BTC, amount and fee: $21.62.
    expect(detail("Total")).toHaveTextContent("-0.00051000 BTC≈ $21.62");
  });

  it("without a price, the rows show the BTC amount alone", async () => {
    renderHistory(() => apiError(500, "INTERNAL", "Internal server error"));
    const list = await screen.findByRole("list", { name: "Transactions" });
    expect(within(list).getByText("-0.00100000 BTC")).toBeInTheDocument();
    expect(within(list).queryByText(/^≈ \$/)).not.toBeInTheDocument();
  });
});
