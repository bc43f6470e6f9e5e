import type { AuditEventPage } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { auditEvent, queriesTo } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { type StubHandler, stubApi } from "@/test/stub-api";
import { AuditLogTab } from "./audit-log-tab";

const AUDIT = "/api/admin/audit";

function page(items = [auditEvent()], nextCursor: string | null = null): AuditEventPage {
  return { items, nextCursor };
}

function renderAudit(list: StubHandler = () => page()) {
  const fetchMock = stubApi({ routes: { [`GET ${AUDIT}`]: list } });
  return { ...renderWithProviders(<AuditLogTab />), fetchMock };
}

describe("Audit Log", () => {
  it("shows who did what to whom, when, why and from where; read-only", async () => {
    renderAudit(() =>
      page([
        auditEvent(),
        auditEvent({
          id: "41",
          action: "transactions.exported",
          target: { type: "transactions", id: null },
          customer: null,
          reason: null,
          ipAddress: null,
          userAgent: null,
          details: { type: "send", status: "pending" },
        }),
      ]),
    );
    const table = await screen.findByRole("table", { name: "Audit Log" });
    const [, first, second] = within(table).getAllByRole("row") as HTMLElement[];
    const cells = within(first as HTMLElement).getAllByRole("cell");
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "Apr 17, 2025 16:20",
      "Grace Hopperadmin@example.com",
      "Deactivated a customer",
      "Ada Lovelaceada@example.com",
      // The target id cut in the middle, then whole for screen readers.
      "Customer0b7a3c2e...3e900b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90",
      "Suspected account takeover",
      "None",
      "198.51.100.4Mozilla/5.0 (Macintosh)",
    ]);
    const exported = within(second as HTMLElement).getAllByRole("cell");
    expect(exported[2]).toHaveTextContent("Exported transactions (CSV)");
    expect(exported[6]).toHaveTextContent("Type: sendStatus: pending");
    expect(exported[7]).toHaveTextContent("Not over the web");
    // Nothing to change here: the only controls are the search, the filter and copying a target's id.
    expect(screen.queryAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual([
      "Copy target ID 0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90",
    ]);
  });

  it("searches and filters by action on the server", async () => {
    const view = renderAudit();
    await screen.findByRole("table", { name: "Audit Log" });
    await view.user.type(screen.getByRole("searchbox", { name: "Search the audit log" }), "takeover");
    await waitFor(() => expect(queriesTo(view.fetchMock, AUDIT)).toEqual(["", "q=takeover"]));
    await view.user.selectOptions(
      screen.getByRole("combobox", { name: "Action" }),
      "Decided a KYC submission",
    );
    await waitFor(() =>
      expect(queriesTo(view.fetchMock, AUDIT)).toEqual(["", "q=takeover", "q=takeover&action=kyc.decided"]),
    );
  });

  it("says so when nothing matches, and pages on with the cursor", async () => {
    const view = renderAudit(({ url }) => {
      if (url.searchParams.get("q")) return page([]);
      return url.searchParams.get("cursor")
        ? page([auditEvent({ id: "1", reason: "Older" })])
        : page(undefined, "c1");
    });
    await screen.findByRole("table", { name: "Audit Log" });
    await view.user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Older")).toBeInTheDocument();
    expect(queriesTo(view.fetchMock, AUDIT)).toEqual(["", "cursor=c1"]);

    await view.user.type(screen.getByRole("searchbox", { name: "Search the audit log" }), "nobody");
    expect(await screen.findByText("No audit events found")).toHaveAttribute("role", "status");
  });
});
