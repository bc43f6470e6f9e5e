import type { CustomerPage } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ada, bob, customerDetails, queriesTo } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { CustomersTab } from "./customers-tab";
import { BLOCKED_PASSKEY_TEXT } from "./user-details-passkeys";

const CUSTOMERS = "/api/admin/customers";

function page(items = [ada, bob], overrides: Partial<CustomerPage> = {}): CustomerPage {
  return { items, page: 1, pageSize: 20, total: items.length, ...overrides };
}

function renderCustomers(list: StubHandler = () => page(), more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({ routes: { [`GET ${CUSTOMERS}`]: list, ...more } });
  const view = renderWithProviders(<CustomersTab />);
  return { ...view, fetchMock };
}

async function findTable() {
  return screen.findByRole("table", { name: "Banking Customers" });
}

function header(name: string) {
  return screen.getByRole("columnheader", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) });
}

describe("Banking Customers", () => {
  it("shows the specification's columns and one row per customer, balances in BTC to 8 decimals", async () => {
    const { fetchMock } = renderCustomers();
    const table = await findTable();
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Name",
      "Email",
      "Account Type",
      "KYC Status",
      "Join Date",
      "Balance (BTC)",
      "Status",
      "Actions",
    ]);
    for (const cell of within(table).getAllByRole("columnheader"))
      expect(cell).toHaveAttribute("scope", "col");

    const [, first, second] = within(table).getAllByRole("row") as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Ada Lovelace",
      "ada@example.com",
      "Personal",
      "Verified",
      "Jan 02, 2025",
      "0.00746000",
      "Active",
      "View Ada LovelaceDeactivate Ada Lovelace",
    ]);
    const secondCells = within(second as HTMLElement).getAllByRole("cell");
    expect(secondCells.map((cell) => cell.textContent).slice(0, 7)).toEqual([
      "Bob Builder",
      "bob@example.com",
      "Business",
      "Pending",
      "Mar 09, 2025",
      "1.23456789",
      "Inactive",
    ]);
    expect(
      within(second as HTMLElement).getByRole("button", { name: "Reactivate Bob Builder" }),
    ).toBeVisible();
    expect(queriesTo(fetchMock, CUSTOMERS)).toEqual(["sort=joinedAt&order=desc&page=1"]);
    expect(header("Join Date")).toHaveAttribute("aria-sort", "descending");
  });

  it("says so when no customer matches the search", async () => {
    const view = renderCustomers(({ url }) => (url.searchParams.get("q") ? page([]) : page()));
    await findTable();
    const search = screen.getByRole("searchbox", { name: "Search customers" });
    expect(search).toHaveAttribute("placeholder", "Search by name or email");
    await view.user.type(search, "zzz");
    expect(await screen.findByText('No customers match "zzz"')).toHaveAttribute("role", "status");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows an error with Try again when the list cannot be loaded", async () => {
    let up = false;
    const view = renderCustomers(() => (up ? page() : apiError(500, "INTERNAL", "Boom")));
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getByRole("alert")).toHaveTextContent("The customers could not be loaded.");
    up = true;
    await view.user.click(retry);
    expect(await findTable()).toBeInTheDocument();
  });

  it("searches on the server once typing pauses, from page 1", async () => {
    const view = renderCustomers(({ url }) =>
      page(url.searchParams.get("q") ? [ada] : [ada, bob], { page: Number(url.searchParams.get("page")) }),
    );
    await findTable();
    await view.user.type(screen.getByRole("searchbox", { name: "Search customers" }), "ada");
    await waitFor(() =>
      expect(queriesTo(view.fetchMock, CUSTOMERS)).toEqual([
        "sort=joinedAt&order=desc&page=1",
        "q=ada&sort=joinedAt&order=desc&page=1",
      ]),
    );
    await waitFor(() => expect(screen.queryByText("Bob Builder")).not.toBeInTheDocument());
  });

  it("sorts by a column: aria-sort on its header and the order in the query, toggled by a second click", async () => {
    const view = renderCustomers();
    await findTable();
    await view.user.click(screen.getByRole("button", { name: "Name" }));
    await waitFor(() => expect(header("Name")).toHaveAttribute("aria-sort", "ascending"));
    expect(header("Join Date")).not.toHaveAttribute("aria-sort");
    await waitFor(() => expect(queriesTo(view.fetchMock, CUSTOMERS)).toContain("sort=name&order=asc&page=1"));

    await view.user.click(screen.getByRole("button", { name: "Name" }));
    await waitFor(() => expect(header("Name")).toHaveAttribute("aria-sort", "descending"));
    await waitFor(() =>
      expect(queriesTo(view.fetchMock, CUSTOMERS)).toContain("sort=name&order=desc&page=1"),
    );

    await view.user.click(screen.getByRole("button", { name: "Balance (BTC)" }));
    await waitFor(() => expect(header("Balance (BTC)")).toHaveAttribute("aria-sort", "ascending"));
    expect(header("Name")).not.toHaveAttribute("aria-sort");
    await waitFor(() =>
      expect(queriesTo(view.fetchMock, CUSTOMERS)).toContain("sort=balance&order=asc&page=1"),
    );
  });

  it("pages through the customers", async () => {
    const view = renderCustomers(({ url }) =>
      page([ada, bob], { page: Number(url.searchParams.get("page")), total: 45 }),
    );
    await findTable();
    const pages = screen.getByRole("navigation", { name: "customers pages" });
    expect(pages).toHaveTextContent("Showing 1–20 of 45 customers");
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();
    await view.user.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(pages).toHaveTextContent("Showing 21–40 of 45 customers"));
    expect(pages).toHaveTextContent("Page 2 of 3");
    expect(queriesTo(view.fetchMock, CUSTOMERS)).toContain("sort=joinedAt&order=desc&page=2");
  });

  it("View opens User Details: profile, balance, KYC documents, transactions, logins and passkeys; focus returns", async () => {
    const view = renderCustomers(() => page(), {
      [`GET ${CUSTOMERS}/${ada.id}`]: () => customerDetails(),
    });
    await findTable();
    const viewButton = screen.getByRole("button", { name: "View Ada Lovelace" });
    await view.user.click(viewButton);
    const dialog = await screen.findByRole("dialog", { name: "User Details" });
    expect(await within(dialog).findByText("+44 20 7946 0000")).toBeInTheDocument();
    expect(within(dialog).getByText("0.00746000 BTC")).toBeInTheDocument();

    const kyc = within(dialog).getByRole("region", { name: "KYC" });
    expect(within(kyc).getByText("Identity Verification")).toBeInTheDocument();
    expect(within(kyc).getByRole("link", { name: /Identity document: passport\.png/ })).toHaveAttribute(
      "href",
      "/api/kyc/documents/a1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c01",
    );
    expect(within(kyc).getByRole("link", { name: /Proof of address: bill\.pdf/ })).toHaveAttribute(
      "href",
      "/api/kyc/documents/a1b2c3d4-0002-4a5b-8c6d-7e8f9a0b1c02",
    );
    expect(within(kyc).getByRole("link", { name: /Selfie: selfie\.jpg/ })).toHaveAttribute(
      "download",
      "selfie.jpg",
    );

    const transactions = within(dialog).getByRole("table", { name: "Recent transactions" });
    expect(within(transactions).getByText("0.00250000 BTC")).toBeInTheDocument();
    const logins = within(dialog).getByRole("region", { name: "Login history" });
    expect(within(logins).getByText("Chrome on macOS")).toBeInTheDocument();
    expect(within(logins).getByText("203.0.113.7")).toBeInTheDocument();
    // The customer's passkeys; a blocked one says why, for staff to look into.
    const passkeys = within(dialog).getByRole("region", { name: "Passkeys" });
    expect(within(passkeys).getByText("Ada's phone")).toBeInTheDocument();
    expect(within(passkeys).getByText("Google Password Manager · Synced")).toBeInTheDocument();
    expect(within(passkeys).getByText(BLOCKED_PASSKEY_TEXT)).toBeInTheDocument();

    await view.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(viewButton).toHaveFocus();
  });

  it("Deactivate asks for a reason, refuses without one, then sends it and refreshes the list", async () => {
    let deactivated = false;
    const view = renderCustomers(
      () => page(deactivated ? [{ ...ada, status: "inactive" }, bob] : [ada, bob]),
      {
        [`POST ${CUSTOMERS}/${ada.id}/deactivate`]: () => {
          deactivated = true;
          return { customer: { ...ada, status: "inactive" } };
        },
      },
    );
    await findTable();
    await view.user.click(screen.getByRole("button", { name: "Deactivate Ada Lovelace" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Ada Lovelace?" });
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    await waitFor(() => expect(reason).toHaveFocus());

    await view.user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(dialog).findByText("A reason is required")).toBeInTheDocument();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(view.fetchMock, `POST ${CUSTOMERS}/${ada.id}/deactivate`)).toEqual([]);

    await view.user.type(reason, "Suspected account takeover");
    await view.user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await expectToast("success", "Customer deactivated");
    expect(requestsTo(view.fetchMock, `POST ${CUSTOMERS}/${ada.id}/deactivate`)).toEqual([
      { reason: "Suspected account takeover" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("button", { name: "Reactivate Ada Lovelace" })).toBeInTheDocument();
  });

  it("puts the server's refusal of a reason on the field", async () => {
    const view = renderCustomers(() => page(), {
      [`POST ${CUSTOMERS}/${bob.id}/reactivate`]: () =>
        apiError(400, "VALIDATION_ERROR", "Invalid", { reason: "A reason is required" }),
    });
    await findTable();
    await view.user.click(screen.getByRole("button", { name: "Reactivate Bob Builder" }));
    const dialog = await screen.findByRole("dialog", { name: "Reactivate Bob Builder?" });
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "   x");
    await view.user.click(within(dialog).getByRole("button", { name: "Reactivate" }));
    expect(await within(dialog).findByText("A reason is required")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, `POST ${CUSTOMERS}/${bob.id}/reactivate`)).toEqual([{ reason: "x" }]);
  });
});
