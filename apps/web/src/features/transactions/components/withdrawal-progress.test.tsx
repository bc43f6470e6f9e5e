import type { Transaction } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import { localIso } from "@/test/admin-fixtures";
import { transaction, transactionPage, walletSummary } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { TransactionHistory } from "./transaction-history";

const address = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";
const ID = "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a70";
const CANCEL = `POST /api/wallet/withdrawals/${ID}/cancel`;
const heldUntil = localIso(2025, 4, 18, 14, 5);

function withdrawal(progress: Transaction["withdrawal"], overrides: Partial<Transaction> = {}): Transaction {
  return transaction({
    id: ID,
    type: "send",
    amountSats: "50000",
    feeSats: "1000",
    status: "pending",
    counterparty: { username: null, name: null, address },
    withdrawal: progress,
    ...overrides,
  });
}

const held = withdrawal({ state: "held", heldUntil, reason: null });
const cancelled = withdrawal({ state: "cancelled", heldUntil: null, reason: null }, { status: "failed" });

function renderHistory(list: () => Transaction[], routes: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({
    routes: {
      "GET /api/transactions": () => transactionPage(list()),
      [`GET /api/transactions/${ID}`]: () => ({ transaction: list()[0] }),
      ...routes,
    },
  });
  const view = renderWithProviders(<TransactionHistory />, { path: "/history" });
  return { ...view, fetchMock };
}

const listRequests = (fetchMock: ReturnType<typeof stubApi>) =>
  requestsTo(fetchMock, "GET /api/transactions").length;

async function openDetails(view: ReturnType<typeof renderHistory>) {
  await view.user.click(await screen.findByRole("button", { name: /Sent to bcrt1q6r\.\.\./ }));
  const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
  return { dialog, value: (label: string) => within(dialog).getByText(label).nextElementSibling };
}

describe("a withdrawal's progress", () => {
  it("each row says where its withdrawal stands beside the specification's status word", async () => {
    const rows: Transaction[] = [
      held,
      withdrawal({ state: "awaiting_approval", heldUntil: null, reason: null }, { id: crypto.randomUUID() }),
      withdrawal({ state: "broadcast", heldUntil: null, reason: null }, { id: crypto.randomUUID() }),
      withdrawal(
        { state: "rejected", heldUntil: null, reason: "Unusual for this account" },
        { id: crypto.randomUUID(), status: "failed" },
      ),
      withdrawal(
        { state: "confirmed", heldUntil: null, reason: null },
        {
          id: crypto.randomUUID(),
          status: "completed",
        },
      ),
    ];
    renderHistory(() => rows);
    const list = await screen.findByRole("list", { name: "Transactions" });
    const texts = within(list)
      .getAllByRole("listitem")
      .map((row) => row.textContent);
    expect(texts[0]).toContain("PendingHeld until Apr 18, 2025 14:05");
    expect(texts[1]).toContain("PendingWaiting for approval");
    expect(texts[2]).toContain("PendingBroadcast");
    expect(texts[3]).toContain("FailedRejected");
    // Completed says it: no state beside it; the amount, then the withdrawal's fee.
    expect(texts[4]).toMatch(/Completed-0\.00050000 BTCFee 0\.00001000 BTC$/);
  });

  it("the details of a rejected withdrawal give staff's reason and offer no cancellation", async () => {
    const rejected = withdrawal(
      { state: "rejected", heldUntil: null, reason: "Unusual for this account" },
      { status: "failed" },
    );
    const view = renderHistory(() => [rejected]);
    const { dialog, value } = await openDetails(view);
    expect(value("Status")).toHaveTextContent("Failed");
    expect(value("Withdrawal")).toHaveTextContent("Rejected");
    expect(value("Withdrawal")).toHaveTextContent("Reason: Unusual for this account");
    expect(value("Withdrawal")).toHaveTextContent("The amount and its network fee are back in your balance.");
    expect(within(dialog).queryByRole("button", { name: "Cancel withdrawal" })).not.toBeInTheDocument();
  });

  it("a held withdrawal is cancelled after a confirmation: the money is back, history and balance refresh", async () => {
    let current = held;
    const view = renderHistory(() => [current], {
      [CANCEL]: () => {
        current = cancelled;
        return { transaction: cancelled };
      },
    });
    view.queryClient.setQueryData(queryKeys.wallet.summary, walletSummary);
    const { dialog, value } = await openDetails(view);
    expect(value("Withdrawal")).toHaveTextContent("Held until Apr 18, 2025 14:05");
    expect(value("Withdrawal")).toHaveTextContent("You can cancel it until it is sent.");

    // "Keep it" changes nothing.
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel withdrawal" }));
    let confirm = await screen.findByRole("alertdialog", { name: "Cancel this withdrawal?" });
    expect(confirm).toHaveTextContent(
      "It will not be sent to bcrt1q6r.... The amount and its network fee (0.00051000 BTC in all) come back to your balance.",
    );
    await view.user.click(within(confirm).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(within(dialog).getByRole("button", { name: "Cancel withdrawal" })).toHaveFocus();
    expect(requestsTo(view.fetchMock, CANCEL)).toEqual([]);

    const listed = listRequests(view.fetchMock);
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel withdrawal" }));
    confirm = await screen.findByRole("alertdialog", { name: "Cancel this withdrawal?" });
    await view.user.click(within(confirm).getByRole("button", { name: "Cancel withdrawal" }));
    await expectToast("success", "Withdrawal cancelled", "0.00051000 BTC is back in your balance.");
    expect(requestsTo(view.fetchMock, CANCEL)).toEqual([{}]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(value("Status")).toHaveTextContent("Failed");
    expect(value("Withdrawal")).toHaveTextContent("Cancelled");
    expect(within(dialog).queryByRole("button", { name: "Cancel withdrawal" })).not.toBeInTheDocument();
    // The button that opened the confirmation is gone: the focus lands on Close.
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await waitFor(() => expect(listRequests(view.fetchMock)).toBeGreaterThan(listed));
    expect(view.queryClient.getQueryState(queryKeys.wallet.summary)?.isInvalidated).toBe(true);
  });

  it("a withdrawal already on its way is not cancelled: the server's words in a destructive toast", async () => {
    const view = renderHistory(
      () => [withdrawal({ state: "awaiting_approval", heldUntil: null, reason: null })],
      {
        [CANCEL]: () =>
          apiError(
            409,
            "CONFLICT",
            "This withdrawal can no longer be cancelled: it is already on its way",
            undefined,
            "notCancellable",
          ),
      },
    );
    const { dialog, value } = await openDetails(view);
    expect(value("Withdrawal")).toHaveTextContent("Waiting for approval");
    expect(value("Withdrawal")).toHaveTextContent("Our staff review it before it is sent.");
    const listed = listRequests(view.fetchMock);
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel withdrawal" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Cancel this withdrawal?" });
    await view.user.click(within(confirm).getByRole("button", { name: "Cancel withdrawal" }));
    await expectToast(
      "error",
      "Cannot cancel",
      "This withdrawal can no longer be cancelled: it is already on its way",
    );
    await waitFor(() => expect(listRequests(view.fetchMock)).toBeGreaterThan(listed));
  });
});
