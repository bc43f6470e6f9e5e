import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { auditEvent } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { AuditEventsTable } from "./audit-events-table";

/** The xl widths of the table's columns, in percent. */
function columnShares(table: HTMLElement): number[] {
  return [...table.querySelectorAll("col")].map((col) => {
    const share = /xl:w-\[([\d.]+)%\]/.exec(col.className)?.[1];
    if (share === undefined) throw new Error(`a column without a share: ${col.className}`);
    return Number(share);
  });
}

describe("the audit log's layout on a laptop", () => {
  it.each([true, false])(
    "is laid out at its container's width, its columns sharing all of it (Customer: %s)",
    (showCustomer) => {
      renderWithProviders(
        <AuditEventsTable label="Audit Log" events={[auditEvent()]} showCustomer={showCustomer} />,
      );
      const table = screen.getByRole("table", { name: "Audit Log" });
      // Laid out by its content, the table ran Details and From past a 1280 px window.
      expect(table.className).toMatch(/\bxl:table-fixed\b/);
      const shares = columnShares(table);
      expect(shares).toHaveLength(within(table).getAllByRole("columnheader").length);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(100);
    },
  );

  it("lets an email address break after its @ and before its dots, not in the middle of a word", () => {
    renderWithProviders(<AuditEventsTable label="Audit Log" events={[auditEvent()]} />);
    const staff = within(screen.getByRole("table", { name: "Audit Log" })).getAllByRole(
      "cell",
    )[1] as HTMLElement;
    expect(staff).toHaveTextContent("admin@example.com");
    expect(staff.querySelectorAll("wbr")).toHaveLength(2);
    expect(staff.className).not.toMatch(/overflow-wrap:anywhere|break-all/);
  });
});
