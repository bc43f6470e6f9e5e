import type { Transaction } from "@satsbank/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { transaction, transactionPage } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { PENDING_POLL_MS } from "../lib/pending-poll";
import { RecentTransactions } from "./recent-transactions";
import { TransactionHistory } from "./transaction-history";

// What a history row and its details say of money that moved on the chain (issue 21): a deposit is to the
// customer's own address, a withdrawal shows its fee so the rows add up to the balance, and a pending chain
// transaction counts its confirmations against the bank's CONFIRMATIONS (3 here, from GET /api/meta).

const own = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
const outside = "bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

const deposit = transaction({
  id: "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a71",
  type: "receive",
  amountSats: "125000",
  status: "pending",
  counterparty: { username: null, name: null, address: own },
  txid: "c".repeat(64),
  confirmations: 1,
});
const withdrawal = transaction({
  id: "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a72",
  type: "send",
  amountSats: "30000",
  feeSats: "1000",
  status: "pending",
  counterparty: { username: null, name: null, address: outside },
  txid: "d".repeat(64),
  confirmations: 2,
  withdrawal: { state: "broadcast", heldUntil: null, reason: null },
});
const transfer = transaction({ id: "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a73" });

function renderHistory(items: Transaction[]) {
  const routes = {
    "GET /api/transactions": () => transactionPage(items),
    ...Object.fromEntries(
      items.map((item) => [`GET /api/transactions/${item.id}`, () => ({ transaction: item })]),
    ),
  };
  stubApi({ routes });
  return renderWithProviders(<TransactionHistory />, { path: "/history" });
}

const rowOf = async (name: RegExp) =>
  (await screen.findByRole("button", { name })).closest("li") as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe("a history row and its details", () => {
  it("says a deposit was received to the customer's own address, and names no payer", async () => {
    const view = renderHistory([deposit]);
    const row = await rowOf(/Received to your address bcrt1qw5\.\.\./);
    expect(within(row).queryByText(/Received from/)).not.toBeInTheDocument();
    await view.user.click(within(row).getByRole("button"));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    expect(within(dialog).getByText("To your address").nextElementSibling).toHaveTextContent(own);
    expect(within(dialog).queryByText("From")).not.toBeInTheDocument();
  });

  it("shows a withdrawal's fee under its amount, and its total in the details; a transfer inside the bank has none", async () => {
    const view = renderHistory([withdrawal, transfer]);
    const row = await rowOf(/Sent to bcrt1qar\.\.\./);
    expect(within(row).getByText("-0.00030000 BTC")).toBeInTheDocument();
    expect(within(row).getByText("Fee 0.00001000 BTC")).toBeInTheDocument();
    expect(within(await rowOf(/Sent to alice/)).queryByText(/^Fee/)).not.toBeInTheDocument();

    await view.user.click(within(row).getByRole("button"));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    expect(within(dialog).getByText("Total").nextElementSibling).toHaveTextContent("-0.00031000 BTC");
  });

  it("counts a pending chain transaction's confirmations of those it needs, on the row and in the details", async () => {
    const view = renderHistory([deposit, withdrawal, { ...transfer, status: "pending" }]);
    expect(
      await within(await rowOf(/Received to your address/)).findByText("1 of 3 confirmations"),
    ).toBeInTheDocument();
    const sent = await rowOf(/Sent to bcrt1qar/);
    expect(within(sent).getByText("2 of 3 confirmations")).toBeInTheDocument();
    expect(within(await rowOf(/Sent to alice/)).queryByText(/confirmations/)).not.toBeInTheDocument();

    await view.user.click(within(sent).getByRole("button"));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    await waitFor(() =>
      expect(within(dialog).getByText("Confirmations").nextElementSibling).toHaveTextContent(
        "2 of 3 confirmations",
      ),
    );
  });

  it("estimates the wait from the network's average block time: the blocks still to come", async () => {
    stubApi({
      blockIntervalSeconds: 600,
      routes: {
        "GET /api/transactions": () =>
          transactionPage([
            deposit,
            withdrawal,
            { ...deposit, id: "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a79", confirmations: 0 },
          ]),
      },
    });
    renderWithProviders(<RecentTransactions title="Recent Transactions" />);
    const list = await screen.findByRole("list", { name: "Recent Transactions" });
    expect(await within(list).findByText("1 of 3 confirmations, about 20 min left")).toBeInTheDocument();
    expect(within(list).getByText("2 of 3 confirmations, about 10 min left")).toBeInTheDocument();
    expect(within(list).getByText("0 of 3 confirmations, about 30 min left")).toBeInTheDocument();
  });

  it("shows no count once the transaction is completed", async () => {
    renderHistory([{ ...deposit, status: "completed", confirmations: 5 }]);
    const row = await rowOf(/Received to your address/);
    expect(within(row).getByText("Completed")).toBeInTheDocument();
    expect(within(row).queryByText(/confirmations/)).not.toBeInTheDocument();
  });

  it("reads the same in Recent Transactions", async () => {
    stubApi({ routes: { "GET /api/transactions": () => transactionPage([deposit, withdrawal]) } });
    renderWithProviders(<RecentTransactions title="Recent Transactions" />);
    const list = await screen.findByRole("list", { name: "Recent Transactions" });
    expect(within(list).getByText("Received to your address bcrt1qw5...")).toBeInTheDocument();
    expect(within(list).getByText("Fee 0.00001000 BTC")).toBeInTheDocument();
    expect(await within(list).findByText("1 of 3 confirmations")).toBeInTheDocument();
  });

  it("asks again while a transaction is pending, so its count moves on with the blocks; not once none is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let items = [{ ...deposit, confirmations: 0 }];
    const fetchMock = stubApi({ routes: { "GET /api/transactions": () => transactionPage(items) } });
    renderWithProviders(<RecentTransactions title="Recent Transactions" />);
    const list = await screen.findByRole("list", { name: "Recent Transactions" });
    expect(await within(list).findByText("0 of 3 confirmations")).toBeInTheDocument();

    items = [{ ...deposit, confirmations: 2 }];
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    expect(await within(list).findByText("2 of 3 confirmations")).toBeInTheDocument();

    items = [{ ...deposit, status: "completed", confirmations: 3 }];
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    expect(await within(list).findByText("Completed")).toBeInTheDocument();
    const asked = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/api/transactions")).length;
    const before = asked();
    await act(() => vi.advanceTimersByTimeAsync(3 * PENDING_POLL_MS));
    expect(asked()).toBe(before);
  });
});
