import type { Statement } from "@satsbank/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localIso } from "@/test/admin-fixtures";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, stubApi } from "@/test/stub-api";

const TXID = "a".repeat(64);

function statement(month = "2030-01", overrides: Partial<Statement> = {}): Statement {
  return {
    bankName: "Satsbank",
    customer: { name: "Ada Lovelace", username: "ada", email: "ada@example.com" },
    period: { month, timeZone: "Europe/Paris", from: localIso(2030, 1, 1), to: localIso(2030, 2, 1) },
    openingBalanceSats: "50000",
    closingBalanceSats: "32500",
    totalInSats: "10000",
    totalOutSats: "27500",
    feesSats: "2500",
    entries: [
      {
        at: localIso(2030, 1, 5, 9, 30),
        description: "Received from @bob",
        amountSats: "10000",
        balanceAfterSats: "60000",
        transactionId: "5d2c1b0a-1111-4222-8333-944455556666",
        txid: null,
        note: "Dinner",
        label: "Friends",
      },
      {
        at: localIso(2030, 1, 20, 18, 0),
        description: "Withdrawal to bc1qexample",
        amountSats: "-25000",
        balanceAfterSats: "35000",
        transactionId: "5d2c1b0a-1111-4222-8333-944455557777",
        txid: TXID,
        note: null,
        label: null,
      },
      {
        at: localIso(2030, 1, 20, 18, 0),
        description: "Withdrawal fee",
        amountSats: "-2500",
        balanceAfterSats: "32500",
        transactionId: "5d2c1b0a-1111-4222-8333-944455557777",
        txid: TXID,
        note: null,
        label: null,
      },
    ],
    generatedAt: localIso(2030, 2, 3, 10, 0),
    ...overrides,
  };
}

/** The screen at `path`, the API answering each month's statement (`answer` by default). */
function renderStatement(path: string, answer: (month: string) => unknown = (month) => statement(month)) {
  const months = ["2029-12", "2030-01", "2030-02", "2099-01"];
  const routes = Object.fromEntries(
    months.map((month) => [`GET /api/statements/${month}`, () => answer(month)]),
  );
  const fetchMock = stubApi({ user: customer, routes });
  return { ...renderRoute(path), fetchMock, user: userEvent.setup() };
}

function statementRequests(fetchMock: ReturnType<typeof stubApi>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname.startsWith("/api/statements/"));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("monthly statement screen", () => {
  it("shows the statement as a document: bank, customer, period, balances, every movement, totals", async () => {
    renderStatement("/history/statement?month=2030-01");
    expect(await screen.findByRole("heading", { level: 1, name: "Monthly Statement" })).toBeInTheDocument();
    const document = await screen.findByRole("article", { name: "Statement for January 2030" });
    const inDocument = within(document);
    expect(inDocument.getByText("Satsbank")).toBeInTheDocument();
    expect(inDocument.getByText("Ada Lovelace")).toBeInTheDocument();
    expect(inDocument.getByText("@ada")).toBeInTheDocument();
    expect(inDocument.getByText("ada@example.com")).toBeInTheDocument();
    expect(
      inDocument.getByText(/Jan 1, 2030 to Jan 31, 2030 \(times in Europe\/Paris\)/),
    ).toBeInTheDocument();

    const table = inDocument.getByRole("table", { name: "3 movements in January 2030, oldest first." });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Date & Time", "Description", "Amount (BTC)", "Balance (BTC)"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Jan 5, 2030 09:30", "Received from @bobLabel: FriendsNote: Dinner", "+0.00010000", "0.00060000"],
      ["Jan 20, 2030 18:00", `Withdrawal to bc1qexampleTxid: ${TXID}`, "-0.00025000", "0.00035000"],
      ["Jan 20, 2030 18:00", `Withdrawal feeTxid: ${TXID}`, "-0.00002500", "0.00032500"],
    ]);
    // The table scrolls inside its own named region on a narrow screen.
    expect(screen.getByRole("region", { name: "Statement entries" })).toContainElement(table);

    const figure = (term: string) => inDocument.getAllByText(term).at(-1)?.nextElementSibling?.textContent;
    expect(figure("Opening balance")).toBe("0.00050000 BTC");
    expect(figure("Money in")).toBe("+0.00010000 BTC");
    expect(figure("Money out")).toBe("-0.00027500 BTC");
    expect(figure("Of which fees")).toBe("0.00002500 BTC");
    expect(figure("Closing balance")).toBe("0.00032500 BTC");
  });

  it("asks for the last complete month by default, in the browser's time zone, and for the month picked", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2030, 2, 10, 12, 0));
    const { fetchMock } = renderStatement("/history/statement");
    expect(await screen.findByRole("article", { name: "Statement for February 2030" })).toBeInTheDocument();
    const [first] = statementRequests(fetchMock);
    expect(first?.pathname).toBe("/api/statements/2030-02");
    expect(first?.searchParams.get("timeZone")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const picker = screen.getByLabelText("Month");
    expect(picker).toHaveValue("2030-02");
    expect(picker).toHaveAttribute("max", "2030-03");
    // A month field is typed into as a whole value (jsdom keeps no half-typed month).
    fireEvent.change(picker, { target: { value: "2029-12" } });
    expect(await screen.findByRole("article", { name: "Statement for December 2029" })).toBeInTheDocument();
    expect(statementRequests(fetchMock).at(-1)?.pathname).toBe("/api/statements/2029-12");
  });

  it("prints with the Print button; the picker, the button and the navigation are left out of print", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const { user } = renderStatement("/history/statement?month=2030-01");
    await screen.findByRole("article", { name: "Statement for January 2030" });
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Print" }).parentElement).toHaveClass("print:hidden");
    expect(screen.getByRole("navigation", { name: "Main" }).closest(".print\\:hidden")).not.toBeNull();
  });

  it("says so when the month has no movements, and shows the server's refusal of a month not begun", async () => {
    renderStatement("/history/statement?month=2030-01", (month) =>
      month === "2030-01"
        ? statement("2030-01", {
            entries: [],
            openingBalanceSats: "0",
            closingBalanceSats: "0",
            totalInSats: "0",
            totalOutSats: "0",
            feesSats: "0",
          })
        : apiError(
            400,
            "VALIDATION_ERROR",
            "That month has not begun yet: choose this month or an earlier one.",
          ),
    );
    expect(await screen.findByRole("table", { name: "No movements in January 2030." })).toBeInTheDocument();
    const picker = screen.getByLabelText("Month");
    fireEvent.change(picker, { target: { value: "2099-01" } });
    expect(await screen.findByRole("alert")).toHaveTextContent("That month has not begun yet");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Print" })).toBeDisabled());
  });
});
