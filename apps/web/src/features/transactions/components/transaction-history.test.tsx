import type { Transaction } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { transaction, transactionPage } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { type StubHandler, stubApi } from "@/test/stub-api";
import { TransactionHistory } from "./transaction-history";

const address = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

const toAlice = transaction({
  id: "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a61",
  type: "send",
  amountSats: "100000",
});
const fromBob = transaction({
  id: "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a62",
  type: "receive",
  amountSats: "250000",
  status: "pending",
  counterparty: { username: "bob", name: "Bob Builder", address: null },
  note: "Thanks",
});
const toAddress = transaction({
  id: "3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a63",
  type: "send",
  amountSats: "50000",
  feeSats: "1000",
  status: "failed",
  counterparty: { username: null, name: null, address },
  txid: "a1b2c3d4e5f6",
  confirmations: 0,
});

/** The list requests' query strings, in order, as "filter=all&limit=20". */
function listQueries(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/transactions")
    .map((url) => url.searchParams.toString());
}

function renderHistory(list: StubHandler, url = "/history", more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({ routes: { "GET /api/transactions": list, ...more } });
  const view = renderWithProviders(<TransactionHistory />, { path: "/history", url });
  return { ...view, fetchMock };
}

const allThree: StubHandler = () => transactionPage([toAlice, fromBob, toAddress]);

describe("transaction history", () => {
  it("lists transactions with who, date, status word and signed 8-decimal amounts", async () => {
    const { fetchMock } = renderHistory(allThree);
    const list = await screen.findByRole("list", { name: "Transactions" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(first).getByRole("button")).toHaveTextContent("Sent to alice");
    expect(within(first).getByText("-0.00100000 BTC")).toBeInTheDocument();
    expect(within(first).getByText("Completed")).toBeInTheDocument();
    expect(within(first).getByText("Apr 17, 2025", { exact: false })).toBeInTheDocument();

    expect(within(second).getByText("Received from bob")).toBeInTheDocument();
    expect(within(second).getByText("+0.00250000 BTC")).toBeInTheDocument();
    expect(within(second).getByText("Pending")).toBeInTheDocument();

    expect(within(third).getByText("Sent to bc1qcr8t...")).toBeInTheDocument();
    expect(within(third).getByText("-0.00050000 BTC")).toBeInTheDocument();
    expect(within(third).getByText("Failed")).toBeInTheDocument();

    expect(screen.getByText("Showing: All Transactions")).toBeInTheDocument();
    expect(listQueries(fetchMock)).toEqual(["filter=all&limit=20"]);
  });

  it("the filter menu offers the three choices, filters on the server and keeps it in the URL", async () => {
    const view = renderHistory(allThree);
    await screen.findByRole("list", { name: "Transactions" });
    await view.user.click(screen.getByRole("button", { name: "Filter transactions" }));
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitemradio");
    expect(items.map((item) => item.textContent)).toEqual(["All Transactions", "Sent", "Received"]);
    expect(within(menu).getByRole("menuitemradio", { name: "All Transactions" })).toHaveAttribute(
      "aria-checked",
      "true",
    );

    await view.user.click(within(menu).getByRole("menuitemradio", { name: "Sent" }));
    expect(await screen.findByText("Showing: Sent")).toBeInTheDocument();
    expect(view.router.state.location.search).toBe("?filter=sent");
    await waitFor(() => expect(listQueries(view.fetchMock)).toContain("filter=sent&limit=20"));
    expect(screen.getByRole("button", { name: "Filter transactions" })).toHaveFocus();
  });

  it("reads the filter and the search from the URL", async () => {
    const { fetchMock } = renderHistory(allThree, "/history?filter=received&q=bob");
    expect(await screen.findByText("Showing: Received")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search transactions" })).toHaveValue("bob");
    expect(listQueries(fetchMock)).toEqual(["filter=received&q=bob&limit=20"]);
  });

  it("searches on the server once typing pauses, and keeps the search in the URL", async () => {
    const view = renderHistory(allThree);
    await screen.findByRole("list", { name: "Transactions" });
    const search = screen.getByRole("searchbox", { name: "Search transactions" });
    expect(search).toHaveAttribute("placeholder", "Search by address or name");
    await view.user.type(search, "alice");
    await waitFor(() => expect(view.router.state.location.search).toBe("?q=alice"));
    await waitFor(() =>
      expect(listQueries(view.fetchMock)).toEqual(["filter=all&limit=20", "filter=all&q=alice&limit=20"]),
    );
  });

  it("says 'No transactions found', and 'Clear search' clears the search", async () => {
    const view = renderHistory(
      ({ url }) => transactionPage(url.searchParams.get("q") ? [] : [toAlice]),
      "/history?q=zzz",
    );
    expect(await screen.findByText("No transactions found")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByText("Sent to alice")).toBeInTheDocument();
    expect(view.router.state.location.search).toBe("");
    const search = screen.getByRole("searchbox", { name: "Search transactions" });
    expect(search).toHaveValue("");
    expect(search).toHaveFocus();
  });

  it("offers no 'Clear search' when nothing is searched", async () => {
    renderHistory(() => transactionPage([]));
    expect(await screen.findByText("No transactions found")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear search" })).not.toBeInTheDocument();
  });

  it("'Load more' asks for the next cursor and appends the page", async () => {
    const pages: Record<string, ReturnType<typeof transactionPage>> = {
      "": transactionPage([toAlice], "cursor-2"),
      "cursor-2": transactionPage([fromBob], null),
    };
    const view = renderHistory(({ url }) => pages[url.searchParams.get("cursor") ?? ""]);
    await screen.findByText("Sent to alice");
    await view.user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Received from bob")).toBeInTheDocument();
    expect(screen.getByText("Sent to alice")).toBeInTheDocument();
    expect(listQueries(view.fetchMock)).toEqual([
      "filter=all&limit=20",
      "filter=all&cursor=cursor-2&limit=20",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("loads the next page when the end of the list comes into view", async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {
          this.entry.targets = [];
        }
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const pages: Record<string, ReturnType<typeof transactionPage>> = {
      "": transactionPage([toAlice], "cursor-2"),
      "cursor-2": transactionPage([fromBob], null),
    };
    const view = renderHistory(({ url }) => pages[url.searchParams.get("cursor") ?? ""]);
    await screen.findByText("Sent to alice");
    const watching = observers.find((observer) => observer.targets.length > 0);
    expect(watching).toBeDefined();
    watching?.callback(
      watching.targets.map(
        (target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry,
      ),
      {} as IntersectionObserver,
    );
    expect(await screen.findByText("Received from bob")).toBeInTheDocument();
    expect(listQueries(view.fetchMock)).toEqual([
      "filter=all&limit=20",
      "filter=all&cursor=cursor-2&limit=20",
    ]);
  });

  it("a row opens its details: amount, fee, status, counterparty, note, time, ids, confirmations", async () => {
    const latest: Transaction = { ...toAddress, status: "completed", confirmations: 6 };
    const view = renderHistory(allThree, "/history", {
      "GET /api/transactions/3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a63": () => ({ transaction: latest }),
      "GET /api/transactions/3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a62": () => ({ transaction: fromBob }),
    });
    await view.user.click(await screen.findByRole("button", { name: /Sent to bc1qcr8t\.\.\./ }));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(value("Amount")).toHaveTextContent("-0.00050000 BTC");
    expect(value("Network fee")).toHaveTextContent("0.00001000 BTC");
    // The fresh copy from GET /api/transactions/:transactionId replaces the list's.
    await waitFor(() => expect(value("Status")).toHaveTextContent("Completed"));
    expect(value("To")).toHaveTextContent(address);
    expect(value("Note")).toHaveTextContent("No note");
    expect(value("Time")).toHaveTextContent(/^Apr 1[78], 2025 \d\d:\d\d$/);
    expect(value("Transaction ID")).toHaveTextContent("3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a63");
    expect(value("On-chain transaction")).toHaveTextContent("a1b2c3d4e5f6");
    expect(value("Confirmations")).toHaveTextContent(/^6$/);

    await view.user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: /Sent to bc1qcr8t\.\.\./ })).toHaveFocus();

    await view.user.click(screen.getByRole("button", { name: /Received from bob/ }));
    const bob = await screen.findByRole("dialog", { name: "Transaction Details" });
    expect(within(bob).getByText("From").nextElementSibling).toHaveTextContent("Bob Builder (bob)");
    expect(within(bob).getByText("Note").nextElementSibling).toHaveTextContent("Thanks");
    expect(within(bob).queryByText("On-chain transaction")).not.toBeInTheDocument();
    expect(within(bob).queryByText("Confirmations")).not.toBeInTheDocument();
  });

  it("a chain transaction still in the mempool says it has 0 of the confirmations it needs and is waiting", async () => {
    const waiting: Transaction = { ...toAddress, status: "pending" };
    const view = renderHistory(() => transactionPage([waiting]), "/history", {
      "GET /api/transactions/3f0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a63": () => ({ transaction: waiting }),
    });
    await view.user.click(await screen.findByRole("button", { name: /Sent to bc1qcr8t\.\.\./ }));
    const dialog = await screen.findByRole("dialog", { name: "Transaction Details" });
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(value("On-chain transaction")).toHaveTextContent("a1b2c3d4e5f6");
    expect(value("Confirmations")).toHaveTextContent("0 of 3 confirmations (waiting in the mempool)");
    expect(value("Status")).toHaveTextContent("Pending");
  });
});
