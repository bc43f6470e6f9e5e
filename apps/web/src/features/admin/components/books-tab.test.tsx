import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { books } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, type StubHandler, stubApi } from "@/test/stub-api";
import { BooksTab } from "./books-tab";

function renderBooks(handler: StubHandler) {
  const fetchMock = stubApi({ routes: { "GET /api/admin/books": handler } });
  return { ...renderWithProviders(<BooksTab />), fetchMock };
}

/** The invariants as "name: result" lines. */
async function checkRows() {
  const table = await screen.findByRole("table", { name: "Invariants of the books" });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => {
      const name = within(row).getByRole("rowheader").textContent;
      const result = within(row).getAllByRole("cell")[0]?.textContent;
      return `${name}: ${result}`;
    });
}

describe("Books", () => {
  it("shows every invariant as OK, the figures and the follower", async () => {
    renderBooks(() => books());
    expect(await checkRows()).toEqual([
      "The books balance (every balance sums to zero): OK",
      "No customer balance is negative: OK",
      "Every balance equals the sum of its transfers: OK",
      "The hot wallet's ledger balance equals its coins: OK",
      "Reserves cover liabilities: OK",
    ]);
    expect(screen.getByText("Every check holds")).toBeInTheDocument();
    const balances = screen.getByRole("region", { name: "Balances" });
    expect(within(balances).getByText("Reserves").nextSibling).toHaveTextContent("1.50000000 BTC");
    expect(within(balances).getByText("Liabilities").nextSibling).toHaveTextContent("1.20000000 BTC");
    expect(within(balances).getByText("Queued for a payout").nextSibling).toHaveTextContent(
      "2 · 0.00300000 BTC",
    );
    const chain = screen.getByRole("region", { name: "Chain follower" });
    expect(within(chain).getByText("Follower height").nextSibling).toHaveTextContent("840,000");
    expect(within(chain).getByText("Backend height").nextSibling).toHaveTextContent("840,002");
    expect(within(chain).getByText("Lag").nextSibling).toHaveTextContent("2 blocks");
    expect(screen.getByText("0 flagged · 0.00000000 BTC")).toBeInTheDocument();
  });

  it("marks a broken invariant Failed, with its figures", async () => {
    renderBooks(() =>
      books({
        ok: false,
        reserves: { reservesSats: "100", liabilitiesSats: "250", covered: false },
        ledger: { booksBalanced: false, totalSats: "-5", negativeCustomerAccounts: 1, mismatchedAccounts: 0 },
      }),
    );
    expect(await checkRows()).toEqual([
      "The books balance (every balance sums to zero): Failed",
      "No customer balance is negative: Failed",
      "Every balance equals the sum of its transfers: OK",
      "The hot wallet's ledger balance equals its coins: OK",
      "Reserves cover liabilities: Failed",
    ]);
    expect(screen.getByText("A check failed")).toBeInTheDocument();
    expect(screen.getByText("Sum of every balance: -0.00000005 BTC")).toBeInTheDocument();
    expect(screen.getByText("Reserves 0.00000100 BTC, liabilities 0.00000250 BTC")).toBeInTheDocument();
  });

  it("says when the chain backend is unavailable, and lists reorganised deposits", async () => {
    renderBooks(() =>
      books({
        chain: {
          backend: "esplora",
          follower: null,
          tip: { available: false, reason: "connect ECONNREFUSED 127.0.0.1:3002" },
          lagBlocks: null,
        },
        reorgedDeposits: {
          count: 1,
          sumSats: "50000",
          items: [
            {
              txid: "ab".repeat(32),
              vout: 1,
              address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
              valueSats: "50000",
              customer: {
                id: "0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90",
                name: "Ada Lovelace",
                email: "ada@example.com",
                username: "ada",
              },
              creditedAt: "2025-04-17T10:00:00.000Z",
              reorgedAt: "2025-04-17T11:00:00.000Z",
              heldSats: "50000",
              resolution: null,
              resolvedAt: null,
              inChainAgain: false,
            },
          ],
        },
      }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Backend unavailable: connect ECONNREFUSED 127.0.0.1:3002",
    );
    const chain = screen.getByRole("region", { name: "Chain follower" });
    expect(within(chain).getByText("Follower height").nextSibling).toHaveTextContent(
      "No block processed yet",
    );
    expect(within(chain).getByText("Lag").nextSibling).toHaveTextContent("Unknown");
    const deposits = screen.getByRole("table", { name: "Reorganised deposits, newest first" });
    expect(within(deposits).getByText("Ada Lovelace (@ada)")).toBeInTheDocument();
    expect(within(deposits).getByText("0.00050000 BTC")).toBeInTheDocument();
  });

  it("shows an error with Try again when the books cannot be checked", async () => {
    renderBooks(() => apiError(500, "INTERNAL", "Boom"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The books could not be checked.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
