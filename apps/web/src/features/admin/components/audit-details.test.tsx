import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { auditEvent } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { AuditEventsTable } from "./audit-events-table";

const txid = "9f".repeat(32);
const address = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";

/** The Details cell of each row, in order. */
function detailsCells(): HTMLElement[] {
  const table = screen.getByRole("table", { name: "Audit Log" });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[6] as HTMLElement);
}

describe("the audit log's details", () => {
  it("are labelled in words, amounts in BTC and times as the tables show them: no raw keys or JSON", () => {
    renderWithProviders(
      <AuditEventsTable
        label="Audit Log"
        events={[
          auditEvent({ id: "1", details: { sessionsEnded: 2 } }),
          auditEvent({
            id: "2",
            action: "withdrawal.approved",
            details: { amountSats: "100000", address, approvals: 1, approvalsNeeded: 2, released: false },
          }),
          auditEvent({
            id: "3",
            action: "transactions.exported",
            details: {
              filters: { q: null, type: "send", status: "all" },
              usdPerBtc: "42389.57",
              priceAsOf: "2025-04-17T14:05:00.000Z",
            },
          }),
          auditEvent({
            id: "4",
            action: "payouts.resumed",
            details: {
              problems: [{ code: "books_unbalanced", message: "The books do not balance." }],
              txid,
            },
          }),
        ]}
      />,
    );
    const [ended, approved, exported, resumed] = detailsCells() as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // Each particular is a term and its description.
    const terms = within(ended).getAllByRole("term");
    expect(terms.map((term) => term.textContent)).toEqual(["Sessions ended: "]);
    expect(within(ended).getByRole("definition")).toHaveTextContent("2");
    expect(ended).not.toHaveTextContent("sessionsEnded");

    expect(approved).toHaveTextContent(
      "Amount: 0.00100000 BTC" +
        `Address: bcrt1q6rz2...z3cppk${address}` +
        "Approvals: 1Approvals needed: 2Released for payout: No",
    );
    // The address cut in the middle on screen, whole for screen readers.
    expect(within(approved).getByText("bcrt1q6rz2...z3cppk")).toHaveAttribute("aria-hidden", "true");

    expect(exported).toHaveTextContent(
      "Filters: Search: None, Type: send, Status: allPrice: $42,389.57 per BTCPrice as of: Apr 17, 2025",
    );
    expect(exported.textContent).not.toMatch(/[{}"]/);

    expect(resumed).toHaveTextContent(
      "Problems: The books do not balance.Transaction ID: 9f9f9f9f9f...9f9f9f",
    );
    expect(resumed.textContent).not.toMatch(/books_unbalanced|[{}"]/);
  });
});
