import type { AdminSupportPage, AdminSupportRequest } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queriesTo, supportRequest } from "@/test/admin-fixtures";
import { staff } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { SupportTab } from "./support-tab";

const SUPPORT = "/api/admin/support";
const open = supportRequest();
const REPLY = `POST ${SUPPORT}/${open.id}/reply`;
const CLOSE = `POST ${SUPPORT}/${open.id}/close`;

const answered: AdminSupportRequest = {
  ...open,
  status: "answered",
  replies: [
    {
      id: "3b4c5d6e-7f80-4a91-8b2c-3d4e5f607182",
      message: "It needs 3 confirmations.",
      staff: { id: staff.id, name: staff.name },
      createdAt: "2025-04-16T09:00:00.000Z",
    },
  ],
};

function page(items: AdminSupportRequest[] = [open]): AdminSupportPage {
  return { items, nextCursor: null };
}

function renderSupport(list: StubHandler = () => page(), more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({
    routes: {
      [`GET ${SUPPORT}`]: list,
      [REPLY]: () => ({ request: answered }),
      [CLOSE]: () => ({ request: { ...open, status: "closed" } }),
      ...more,
    },
  });
  const view = renderWithProviders(<SupportTab />);
  return { ...view, fetchMock };
}

describe("Support", () => {
  it("marks a request from the public contact form: the name typed, whether an account has the email", async () => {
    const fromForm = supportRequest({
      id: "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f",
      subject: "My account was deactivated",
      source: "contact_form",
      name: "Rosa Jiménez",
      email: "rosa@example.com",
      customer: null,
    });
    const matched = supportRequest({ source: "contact_form", name: "Ada L." });
    renderSupport(() => page([fromForm, matched]));
    const card = await screen.findByRole("article", { name: "My account was deactivated" });
    expect(within(card).getByText(/^Rosa Jiménez · rosa@example.com/)).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Contact form, signed out: the sender typed the name "Rosa Jiménez" and this email, which is not proven to be theirs. No account has this email.',
    );
    const other = screen.getByRole("article", { name: "Where is my deposit?" });
    expect(other).toHaveTextContent("The account with this email is Ada Lovelace (@ada).");
  });

  it("lists the open requests with the customer's message, and filters by status on the server", async () => {
    const view = renderSupport(({ url }) =>
      page(url.searchParams.get("status") === "answered" ? [answered] : [open]),
    );
    const card = await screen.findByRole("article", { name: "Where is my deposit?" });
    expect(within(card).getByText(/Ada Lovelace · ada@example.com/)).toBeInTheDocument();
    expect(within(card).getByText(/It does not show yet\./)).toBeInTheDocument();
    expect(within(card).getByText("Open")).toBeInTheDocument();

    const filter = screen.getByRole("combobox", { name: "Status" });
    expect(
      within(filter)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Open", "Answered", "Closed", "All requests"]);
    await view.user.selectOptions(filter, "Answered");
    expect(await screen.findByText("It needs 3 confirmations.")).toBeInTheDocument();
    expect(screen.getByText(/Grace Hopper replied/)).toBeInTheDocument();
    expect(queriesTo(view.fetchMock, SUPPORT)).toEqual(["status=open", "status=answered"]);
  });

  it("says so when there is no request", async () => {
    renderSupport(() => page([]));
    expect(await screen.findByText("No open support requests")).toHaveAttribute("role", "status");
  });

  it("requires a reply, then sends it and says it was mailed", async () => {
    const view = renderSupport();
    const card = await screen.findByRole("article", { name: "Where is my deposit?" });
    const send = within(card).getByRole("button", { name: "Send reply" });
    await view.user.click(send);
    expect(await within(card).findByText("A reply is required")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, REPLY)).toEqual([]);

    const reply = within(card).getByRole("textbox", { name: "Reply" });
    await view.user.type(reply, "It needs 3 confirmations.{Enter}Please wait a little.");
    await view.user.click(send);
    await expectToast("success", "Reply sent", "Mailed to ada@example.com and shown in their notifications.");
    expect(requestsTo(view.fetchMock, REPLY)).toEqual([
      { message: "It needs 3 confirmations.\nPlease wait a little." },
    ]);
    await waitFor(() => expect(reply).toHaveValue(""));
    expect(queriesTo(view.fetchMock, SUPPORT)).toEqual(["status=open", "status=open"]);
  });

  it("closes a request", async () => {
    const view = renderSupport();
    const card = await screen.findByRole("article", { name: "Where is my deposit?" });
    await view.user.click(
      within(card).getByRole("button", { name: /^Close request.*Where is my deposit\?$/ }),
    );
    await expectToast("success", "Request closed");
    expect(requestsTo(view.fetchMock, CLOSE)).toEqual([{}]);
  });

  it("offers no reply or Close on a closed request", async () => {
    renderSupport(() => page([{ ...open, status: "closed" }]));
    const card = await screen.findByRole("article", { name: "Where is my deposit?" });
    expect(within(card).getByText("Closed")).toBeInTheDocument();
    expect(within(card).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
  });
});
