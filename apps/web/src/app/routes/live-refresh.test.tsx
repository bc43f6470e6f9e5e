import type { KycOverview, Transaction, WalletSummary } from "@satsbank/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import { NOTIFICATIONS_POLL_MS } from "@/features/notifications/components/notification-feed";
import { createQueryClient } from "@/lib/query-client";
import { FakeEventSource } from "@/test/fake-event-source";
import { customer, kycOverview, transaction, transactionPage, walletSummary } from "@/test/fixtures";
import { notification, notificationServer } from "@/test/notification-server";
import { stubApi } from "@/test/stub-api";

// Money that moves on screen (issue 21): a notification that arrives refreshes what its kind affects on the
// open screen, without a reload. The app's own query client (a 30-second staleTime), as in the browser:
// nothing refetches by itself within the test.

const depositId = "5c1d9e2a-7b3f-4a8e-8c6d-0f1e2a3b4c01";
const withdrawalId = "5c1d9e2a-7b3f-4a8e-8c6d-0f1e2a3b4c02";
const outside = "bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const own = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

const pendingDeposit = transaction({
  id: depositId,
  type: "receive",
  amountSats: "125000",
  status: "pending",
  counterparty: { username: null, name: null, address: own },
  txid: "a".repeat(64),
  confirmations: 0,
});
const pendingWithdrawal = transaction({
  id: withdrawalId,
  type: "send",
  amountSats: "30000",
  feeSats: "1000",
  status: "pending",
  counterparty: { username: null, name: null, address: outside },
  txid: "b".repeat(64),
  confirmations: 0,
  withdrawal: { state: "broadcast", heldUntil: null, reason: null },
});

/** The bank as the screens see it, changed by the test as events would change it. */
function bank({ transactionAlerts = false }: { transactionAlerts?: boolean } = {}) {
  const notices = notificationServer([], { transactionAlerts });
  const state = {
    wallet: walletSummary as WalletSummary,
    transactions: [pendingDeposit] as Transaction[],
    kyc: kycOverview({ resume: "status" }) as KycOverview,
  };
  const fetchMock = stubApi({
    user: customer,
    routes: {
      ...notices.routes,
      "GET /api/wallet": () => state.wallet,
      "GET /api/transactions": () => transactionPage(state.transactions),
      [`GET /api/transactions/${withdrawalId}`]: () => ({
        transaction: state.transactions.find((t) => t.id === withdrawalId),
      }),
      "GET /api/kyc": () => state.kyc,
    },
  });
  return { notices, state, fetchMock };
}

function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router };
}

async function liveStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  const source = FakeEventSource.live();
  act(() => source.emit("open"));
  return source;
}

/** The balance card shows `text` (waiting for the screen, then for the figure). */
async function expectBalance(text: string) {
  const region = await screen.findByRole("region", { name: "Total Balance" });
  expect(await within(region).findByText(text)).toBeInTheDocument();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
  Object.defineProperty(document, "visibilityState", { configurable: true, value: "visible" });
});

describe("money that moves on screen", () => {
  it("changes the dashboard's balance and Recent Transactions when a deposit is credited, without a reload", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const { notices, state } = bank();
    renderApp("/dashboard");
    await expectBalance("0.00746000 BTC");
    const list = await screen.findByRole("list", { name: "Recent Transactions" });
    expect(within(list).getByText("Pending")).toBeInTheDocument();
    const source = await liveStream();

    // The deposit is mined: the server credits it and tells the customer.
    state.wallet = { ...walletSummary, balanceSats: "871000", spendableSats: "871000" };
    state.transactions = [{ ...pendingDeposit, status: "completed", confirmations: 3 }];
    notices.add(notification({ title: "Bitcoin received", kind: "money_received", status: "success" }));
    act(() => source.emit("notification"));

    await expectBalance("0.00871000 BTC");
    expect(await within(list).findByText("Completed")).toBeInTheDocument();
    expect(within(list).queryByText("Pending")).not.toBeInTheDocument();
  });

  it("turns an open withdrawal's details Completed when its confirmation is told", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const { notices, state } = bank();
    state.transactions = [pendingWithdrawal];
    renderApp("/history");
    const list = await screen.findByRole("list", { name: "Transactions" });
    await userEvent.click(within(list).getByRole("button"));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    expect(await within(dialog).findByText("Pending")).toBeInTheDocument();
    const source = await liveStream();

    state.transactions = [
      {
        ...pendingWithdrawal,
        status: "completed",
        confirmations: 3,
        withdrawal: { state: "confirmed", heldUntil: null, reason: null },
      },
    ];
    notices.add(
      notification({
        kind: "withdrawal_confirmed",
        status: "success",
        title: "Withdrawal confirmed",
        message: "Your withdrawal of 0.00030000 BTC is complete.",
      }),
    );
    act(() => source.emit("notification"));
    expect(await within(dialog).findByText("Completed")).toBeInTheDocument();
    expect(within(dialog).queryByText("Pending")).not.toBeInTheDocument();
  });

  it("drops the dashboard's verification reminder when the KYC decision is told", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const { notices, state } = bank();
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Verification in progress" })).toBeInTheDocument();
    const source = await liveStream();

    state.kyc = kycOverview({ level: 1, resume: null });
    notices.add(
      notification({ type: "kyc", kind: "verification", status: "success", title: "Identity verified" }),
    );
    act(() => source.emit("notification"));
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Verification in progress" })).not.toBeInTheDocument(),
    );
  });

  it("refreshes the balance and the list when the tab comes back, with no stream at all", async () => {
    const { state } = bank();
    renderApp("/dashboard");
    await expectBalance("0.00746000 BTC");

    Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    state.wallet = { ...walletSummary, balanceSats: "871000", spendableSats: "871000" };
    state.transactions = [{ ...pendingDeposit, status: "completed", confirmations: 3 }];
    Object.defineProperty(document, "visibilityState", { configurable: true, value: "visible" });
    act(() => void document.dispatchEvent(new Event("visibilitychange")));

    await expectBalance("0.00871000 BTC");
    const list = screen.getByRole("list", { name: "Recent Transactions" });
    expect(await within(list).findByText("Completed")).toBeInTheDocument();
  });

  it("refreshes what a notification affects when polling finds it (the stream is down)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { notices, state } = bank();
    renderApp("/dashboard");
    await expectBalance("0.00746000 BTC");

    state.wallet = { ...walletSummary, balanceSats: "871000", spendableSats: "871000" };
    notices.add(notification({ title: "Bitcoin received", kind: "money_received", status: "success" }));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    await expectBalance("0.00871000 BTC");
  });

  it("refreshes Recent Activity too when the Wallet's Refresh balance is pressed", async () => {
    const { state } = bank();
    renderApp("/wallet");
    const list = await screen.findByRole("list", { name: "Recent Activity" });
    expect(within(list).getByText("Pending")).toBeInTheDocument();

    state.wallet = { ...walletSummary, balanceSats: "871000", spendableSats: "871000" };
    state.transactions = [{ ...pendingDeposit, status: "completed", confirmations: 3 }];
    await userEvent.click(screen.getByRole("button", { name: "Refresh balance" }));
    await expectBalance("0.00871000 BTC");
    expect(await within(list).findByText("Completed")).toBeInTheDocument();
  });

  it("says 'You received X' on the dashboard when a payment arrives, in a live region, until dismissed; not for what was there", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const { notices, state } = bank();
    const earlier = transaction({
      id: "5c1d9e2a-7b3f-4a8e-8c6d-0f1e2a3b4c03",
      type: "receive",
      amountSats: "5000",
      counterparty: { username: "carol", name: "Carol", address: null },
    });
    state.transactions = [pendingDeposit, earlier];
    renderApp("/dashboard");
    await screen.findByRole("list", { name: "Recent Transactions" });
    // The live regions there before anything arrived: the moment is told in one of them.
    const regions = screen.getAllByRole("status");
    expect(screen.queryByText(/You received/)).not.toBeInTheDocument();
    const source = await liveStream();

    state.transactions = [{ ...pendingDeposit, status: "completed", confirmations: 3 }, earlier];
    notices.add(notification({ title: "Bitcoin received", kind: "money_received", status: "success" }));
    act(() => source.emit("notification"));
    const status = await screen.findByText("You received 0.00125000 BTC. It is in your balance.");
    expect(regions).toContain(status);
    expect(screen.getByText("You received 0.00125000 BTC")).toBeVisible();
    const dismiss = screen.getByRole("button", { name: "Dismiss: You received 0.00125000 BTC" });

    await userEvent.click(dismiss);
    expect(status).toHaveTextContent(/^$/);
    expect(screen.queryByText("You received 0.00125000 BTC")).not.toBeInTheDocument();

    // A transfer from another customer names them.
    const fromBob = transaction({
      id: "5c1d9e2a-7b3f-4a8e-8c6d-0f1e2a3b4c04",
      type: "receive",
      amountSats: "2000",
      counterparty: { username: "bob", name: "Bob", address: null },
    });
    state.transactions = [fromBob, ...state.transactions];
    notices.add(
      notification({
        id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c22",
        title: "Bitcoin received",
        kind: "money_received",
        status: "success",
      }),
    );
    act(() => source.emit("notification"));
    await waitFor(() =>
      expect(status).toHaveTextContent("You received 0.00002000 BTC from bob. It is in your balance."),
    );
    expect(screen.getByText("You received 0.00002000 BTC from bob")).toBeVisible();
  });
});
