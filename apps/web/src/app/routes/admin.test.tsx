import type { AdminMe, SessionUser } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe, books, queriesTo, vaultOverview } from "@/test/admin-fixtures";
import { staff } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";

const emptyLists: Record<string, StubHandler> = {
  "GET /api/admin/customers": () => ({ items: [], page: 1, pageSize: 20, total: 0 }),
  "GET /api/admin/transactions": () => ({ items: [], nextCursor: null }),
  "GET /api/admin/kyc/submissions": () => ({ items: [], nextCursor: null }),
  "GET /api/admin/withdrawals": () => ({ items: [], nextCursor: null }),
  "GET /api/admin/support": () => ({ items: [], nextCursor: null }),
  "GET /api/admin/audit": () => ({ items: [], nextCursor: null }),
  "GET /api/admin/books": () => books(),
  "GET /api/admin/vault": () => vaultOverview(),
};

function renderAdmin(
  me: () => AdminMe | Response,
  routes: Record<string, StubHandler> = {},
  path = "/admin",
) {
  const fetchMock = stubApi({ user: staff, routes: { "GET /api/admin/me": me, ...emptyLists, ...routes } });
  return { ...renderRoute(path), fetchMock, user: userEvent.setup() };
}

describe("admin dashboard", () => {
  it("shows the header with the role's label and the eight tabs, Banking Customers first", async () => {
    const { fetchMock } = renderAdmin(() => adminMe());
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeInTheDocument();
    expect(await screen.findByText("Access Level: Super Admin")).toBeInTheDocument();
    const tabs = screen.getByRole("tablist", { name: "Staff tools" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual([
      "Banking Customers",
      "Transaction History",
      "KYC Reviews",
      "Approvals",
      "Support",
      "Books",
      "Vault",
      "Audit Log",
    ]);
    expect(within(tabs).getByRole("tab", { name: "Banking Customers" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("tabpanel", { name: "Banking Customers" })).toBeInTheDocument();
    expect(await screen.findByText("No customers yet")).toBeInTheDocument();
    expect(screen.queryByRole("note", { name: "Two-factor authentication is off" })).not.toBeInTheDocument();
    // A tab's data loads when it is first opened.
    expect(queriesTo(fetchMock, "/api/admin/books")).toEqual([]);
    expect(queriesTo(fetchMock, "/api/admin/withdrawals")).toEqual([]);
  });

  it("the Approvals tab opens from the URL on the queue of withdrawals waiting for approval", async () => {
    const { fetchMock } = renderAdmin(() => adminMe(), {}, "/admin?tab=approvals");
    expect(await screen.findByRole("tab", { name: "Approvals" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Approvals" });
    expect(await within(panel).findByText("No withdrawals are waiting for approval")).toBeInTheDocument();
    expect(new Set(queriesTo(fetchMock, "/api/admin/withdrawals"))).toEqual(
      new Set(["status=awaiting_approval"]),
    );
  });

  it("the Vault tab opens from the URL on the vault and its refills", async () => {
    const { fetchMock } = renderAdmin(() => adminMe(), {}, "/admin?tab=vault");
    expect(await screen.findByRole("tab", { name: "Vault" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Vault" });
    expect(await within(panel).findByRole("heading", { level: 2, name: "Refills" })).toBeInTheDocument();
    expect(within(panel).getByRole("article", { name: "Refill of 0.03000000 BTC" })).toBeInTheDocument();
    expect(new Set(queriesTo(fetchMock, "/api/admin/vault"))).toEqual(new Set([""]));
    expect(queriesTo(fetchMock, "/api/admin/books")).toEqual([]);
  });

  it("opens a tab from the URL and keeps the open tab there; a visited tab keeps its search", async () => {
    const view = renderAdmin(() => adminMe(), {}, "/admin?tab=books");
    expect(await screen.findByRole("tab", { name: "Books" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("Every check holds")).toBeInTheDocument();

    await view.user.click(screen.getByRole("tab", { name: "Transaction History" }));
    await waitFor(() => expect(view.router.state.location.search).toBe("?tab=transactions"));
    const panel = screen.getByRole("tabpanel", { name: "Transaction History" });
    expect(await within(panel).findByText("No transactions found")).toBeInTheDocument();
    await view.user.type(within(panel).getByRole("searchbox", { name: "Search transactions" }), "bob");

    await view.user.click(screen.getByRole("tab", { name: "Banking Customers" }));
    await waitFor(() => expect(view.router.state.location.search).toBe(""));
    expect(screen.queryByRole("tabpanel", { name: "Transaction History" })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole("tab", { name: "Transaction History" }));
    expect(screen.getByRole("searchbox", { name: "Search transactions" })).toHaveValue("bob");
  });

  it("outside production, warns a member of staff without an authenticator app and offers to set one up", async () => {
    renderAdmin(() => adminMe({ enabled: false, required: false }));
    const note = await screen.findByRole("note", { name: "Two-factor authentication is off" });
    expect(within(note).getByRole("button", { name: "Set up authenticator app" })).toBeInTheDocument();
    expect(screen.getByRole("tablist", { name: "Staff tools" })).toBeInTheDocument();
  });

  it("in production, asks to enrol an authenticator app before the dashboard opens, then opens it", async () => {
    let enrolled = false;
    const view = renderAdmin(() => adminMe({ enabled: enrolled, required: true }), {
      "POST /api/account/two-factor/setup": () => ({
        secret: "JBSWY3DPEHPK3PXP",
        otpauthUri: "otpauth://totp/Satsbank:admin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Satsbank",
      }),
      "POST /api/account/two-factor/enable": () => {
        enrolled = true;
        return {
          user: { ...staff, twoFactorEnabled: true } satisfies SessionUser,
          recoveryCodes: ["2hk3m-q9xwz", "7ab2c-d3ef4"],
        };
      },
    });
    expect(await screen.findByRole("heading", { name: "Authenticator app required" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(queriesTo(view.fetchMock, "/api/admin/customers")).toEqual([]);

    await view.user.click(screen.getByRole("button", { name: "Set up authenticator app" }));
    const dialog = await screen.findByRole("dialog", { name: "Set up two-factor authentication" });
    await view.user.type(within(dialog).getByLabelText("Current Password"), "staff password");
    await view.user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();
    await view.user.type(within(dialog).getByLabelText("Authentication code"), "123456");
    await view.user.click(within(dialog).getByRole("button", { name: "Enable" }));
    // The recovery codes are shown before the dashboard opens.
    expect(await within(dialog).findByRole("list", { name: "Recovery codes" })).toHaveTextContent(
      "2hk3m-q9xwz",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "I've saved my codes" }));

    expect(await screen.findByRole("tablist", { name: "Staff tools" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Authenticator app required" })).not.toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/account/two-factor/enable")).toEqual([{ code: "123456" }]);
  });

  it("asks to enrol when a staff endpoint refuses with the reason enrolTwoFactor", async () => {
    renderAdmin(() => adminMe(), {
      "GET /api/admin/customers": () =>
        apiError(403, "FORBIDDEN", "Enrol an authenticator app", undefined, "enrolTwoFactor"),
    });
    expect(await screen.findByRole("heading", { name: "Authenticator app required" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Set up authenticator app" })).toBeInTheDocument();
  });

  it("says so when the dashboard cannot be loaded", async () => {
    renderAdmin(() => apiError(500, "INTERNAL", "Boom"));
    expect(await screen.findByText("The dashboard could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeInTheDocument();
  });
});
