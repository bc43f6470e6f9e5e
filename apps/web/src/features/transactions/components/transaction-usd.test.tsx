import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { transaction, transactionPage, walletSummary } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, type StubHandler, stubApi } from "@/test/stub-api";
import { TransactionHistory } from "./transaction-history";

// History rows and details say what an amount is worth in US dollars, at the wallet summary's price
// (42389.57 USD per BTC in the fixtures): today's price. The details add the price the transaction recorded
// at the time ("≈ $X at the time" beside "≈ $Y now").

const toAlice = transaction({ id: "5a0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a61", amountSats: "100000" });
const recorded = {
  usdCentsPerBtc: "3000000",
  source: "http",
  readAt: "2026-03-01T12:00:00.000Z",
  moment: "settled",
} as const;
const toBob = transaction({
  id: "5a0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a65",
  amountSats: "200000",
  counterparty: { username: "bob", name: null, address: null },
  priceAtTheTime: recorded,
});
const toAddress = transaction({
  id: "5a0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a63",
  amountSats: "50000",
  feeSats: "1000",
  counterparty: { username: null, name: null, address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" },
});

function renderHistory(summary: StubHandler) {
  stubApi({
    routes: {
      "GET /api/transactions": () => transactionPage([toAlice, toAddress, toBob]),
      "GET /api/wallet": summary,
      [`GET /api/transactions/${toAddress.id}`]: () => ({ transaction: toAddress }),
      [`GET /api/transactions/${toBob.id}`]: () => ({ transaction: toBob }),
    },
  });
  return renderWithProviders(<TransactionHistory />, { path: "/history" });
}

describe("USD values in the history", () => {
  it("each row shows its amount in US dollars under the BTC amount", async () => {
    renderHistory(() => walletSummary);
    const list = await screen.findByRole("list", { name: "Transactions" });
    const [first, second, third] = within(list).getAllByRole("listitem") as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(await within(first).findByText("≈ $42.39")).toBeInTheDocument();
    // 0.0005 BTC: $21.19 (the fee is its own line).
    expect(within(second).getByText("≈ $21.19")).toBeInTheDocument();
    // A row is valued at today's price even when its transaction recorded another.
    expect(within(third).getByText("≈ $84.78")).toBeInTheDocument();
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
    // No price recorded: today's alone, and said to be today's.
    expect(within(dialog).getByText("≈ $21.19 now")).toBeInTheDocument();
    expect(within(dialog).queryByText(/at the time/)).not.toBeInTheDocument();
  });

  it("the details show the amount at the price recorded at the time beside today's", async () => {
    const view = renderHistory(() => walletSummary);
    await view.user.click(await screen.findByRole("button", { name: /Sent to bob/ }));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    const amount = within(dialog).getByText("Amount").nextElementSibling as HTMLElement;
    // 0.002 BTC at $30,000.00 then, at $42,389.57 now.
    expect(await within(amount).findByText("≈ $60.00 at the time")).toHaveAttribute("aria-hidden", "true");
    expect(within(amount).getByText("≈ $84.78 now")).toHaveAttribute("aria-hidden", "true");
    // Screen readers hear words, not "≈".
    expect(within(amount).getByText("About $60.00 at the time")).toHaveClass("sr-only");
    expect(within(amount).getByText("About $84.78 now")).toHaveClass("sr-only");
  });

  it("without today's price, the details still show the price at the time", async () => {
    const view = renderHistory(() => apiError(500, "INTERNAL", "Internal server error"));
    await view.user.click(await screen.findByRole("button", { name: /Sent to bob/ }));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    expect(await within(dialog).findByText("≈ $60.00 at the time")).toBeInTheDocument();
    expect(within(dialog).queryByText(/now$/)).not.toBeInTheDocument();
  });

  it("without a price, the rows show the BTC amount alone", async () => {
    renderHistory(() => apiError(500, "INTERNAL", "Internal server error"));
    const list = await screen.findByRole("list", { name: "Transactions" });
    expect(within(list).getByText("-0.00100000 BTC")).toBeInTheDocument();
    expect(within(list).queryByText(/^≈ \$/)).not.toBeInTheDocument();
  });
});
