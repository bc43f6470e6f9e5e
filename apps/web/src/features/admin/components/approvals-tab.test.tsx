import type { AdminWithdrawal, AdminWithdrawalPage } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminMe, adminWithdrawal, approver, BC_ADDRESS, localIso, queriesTo } from "@/test/admin-fixtures";
import { staff } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { ApprovalsTab } from "./approvals-tab";

const WITHDRAWALS = "/api/admin/withdrawals";
const waiting = adminWithdrawal();
const APPROVE = `POST ${WITHDRAWALS}/${waiting.id}/approve`;
const REJECT = `POST ${WITHDRAWALS}/${waiting.id}/reject`;

function page(items: AdminWithdrawal[] = [waiting], nextCursor: string | null = null): AdminWithdrawalPage {
  return { items, nextCursor };
}

const decided = (status: "queued" | "awaiting_approval" | "rejected", approvals: number, needed = 1) => ({
  withdrawal: { id: waiting.id, status, approvalsNeeded: needed, approvals },
});

function renderApprovals(list: StubHandler = () => page(), more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({
    routes: {
      "GET /api/admin/me": () => adminMe(),
      [`GET ${WITHDRAWALS}`]: list,
      [APPROVE]: () => decided("queued", 1),
      [REJECT]: () => decided("rejected", 0),
      ...more,
    },
  });
  const view = renderWithProviders(<ApprovalsTab />);
  return { ...view, fetchMock };
}

const findCard = (name = "Ada Lovelace") => screen.findByRole("article", { name });

describe("Approvals", () => {
  it("asks for the withdrawals waiting for approval and shows what staff need to decide", async () => {
    const { fetchMock } = renderApprovals();
    const card = await findCard();
    expect(queriesTo(fetchMock, WITHDRAWALS)).toEqual(["status=awaiting_approval"]);
    expect(within(card).getByRole("heading", { level: 2, name: "Ada Lovelace" })).toBeInTheDocument();
    expect(card).toHaveTextContent("@ada · ada@example.com");
    expect(within(card).getByText("Waiting for approval")).toBeInTheDocument();
    const fact = (term: string) => within(card).getByText(term, { selector: "dt" }).nextElementSibling;
    expect(fact("Amount")).toHaveTextContent("0.02000000 BTC");
    expect(fact("Fee")).toHaveTextContent("0.00001000 BTC");
    expect(
      within(fact("Address") as HTMLElement).getByRole("button", { name: `Copy address ${BC_ADDRESS}` }),
    );
    expect(fact("Requested")).toHaveTextContent("Apr 17, 2025 12:03");
    expect(fact("Why it is reviewed")).toHaveTextContent("Above the review amount");
    expect(fact("Approvals")).toHaveTextContent("0 of 1 approval");
    expect(within(card).getByText("No decisions yet")).toBeInTheDocument();

    const context = within(card).getByRole("region", { name: "Customer and address: Ada Lovelace" });
    const contextFact = (term: string) => within(context).getByText(term).nextElementSibling;
    expect(contextFact("Verification level")).toHaveTextContent("Level 1: identity and address");
    expect(contextFact("Customer since")).toHaveTextContent(/^Jan 02, 2025 \(\d+ (months|years?)\)$/);
    expect(contextFact("Address paid by this customer")).toHaveTextContent("Never");
    expect(contextFact("Address paid by other customers")).toHaveTextContent("Never");
    expect(contextFact("Address first paid")).toHaveTextContent("Never: a new address");

    const sends = within(card).getByRole("region", { name: "Recent sends of Ada Lovelace" });
    const [head, toDemo, toAddress] = within(sends).getAllByRole("row");
    expect(head).toHaveTextContent("Date & TimeAmountToStatus");
    expect(toDemo).toHaveTextContent("Apr 10, 2025 09:300.00120000 BTCdemoCompleted");
    // An address is cut in the middle on screen and read whole.
    const to = within(toAddress as HTMLElement).getAllByRole("cell")[2] as HTMLElement;
    expect(within(to).getByText("bc1qar0srr...wf5mdq")).toHaveAttribute("aria-hidden", "true");
    expect(within(to).getByText("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toHaveClass("sr-only");
    expect(toAddress).toHaveTextContent(/^Apr 12, 2025 18:000\.00050000 BTC.*Failed$/);
    const signIns = within(card).getByRole("region", { name: "Recent sign-ins of Ada Lovelace" });
    expect(within(signIns).getByText("Firefox on Linux")).toBeInTheDocument();
    expect(within(signIns).getByText("203.0.113.7")).toBeInTheDocument();
    expect(within(card).getByRole("region", { name: "Decision for Ada Lovelace" })).toBeInTheDocument();
  });

  it("says how often the address was paid before, and who decided so far: 1 of 2 approvals", async () => {
    const second = adminWithdrawal({
      approvalsNeeded: 2,
      reviewReason: "dual_amount",
      decisions: [
        { staff: approver, decision: "approved", reason: null, createdAt: localIso(2025, 4, 17, 13, 15) },
      ],
      context: {
        ...waiting.context,
        addressHistory: { byCustomer: 2, byOthers: 1, firstPaidAt: localIso(2025, 3, 1, 10, 0) },
      },
    });
    renderApprovals(() => page([second]));
    const card = await findCard();
    expect(within(card).getByText("Approvals").nextElementSibling).toHaveTextContent("1 of 2 approvals");
    expect(within(card).getByText("Why it is reviewed").nextElementSibling).toHaveTextContent(
      "Above the dual-approval amount: two members of staff",
    );
    const decisions = within(card).getByRole("region", { name: "Decisions: Ada Lovelace" });
    expect(within(decisions).getByRole("listitem")).toHaveTextContent(
      "Approver approved · Apr 17, 2025 13:15",
    );
    expect(within(card).getByText("Address paid by this customer").nextElementSibling).toHaveTextContent(
      "2 times",
    );
    expect(within(card).getByText("Address paid by other customers").nextElementSibling).toHaveTextContent(
      "Once",
    );
    expect(within(card).getByText("Address first paid").nextElementSibling).toHaveTextContent(
      "Mar 01, 2025 10:00",
    );
    // Another member of staff approved: this one still may.
    expect(
      within(card).getByRole("button", { name: "Approve the withdrawal of Ada Lovelace" }),
    ).toBeEnabled();
  });

  it("approves, says it is queued, and asks for the queue again", async () => {
    let approved = false;
    const view = renderApprovals(() => page(approved ? [] : [waiting]), {
      [APPROVE]: () => {
        approved = true;
        return decided("queued", 1);
      },
    });
    const card = await findCard();
    await view.user.click(
      within(card).getByRole("button", { name: "Approve the withdrawal of Ada Lovelace" }),
    );
    await expectToast("success", "Withdrawal approved", "It is queued for the next payout.");
    expect(requestsTo(view.fetchMock, APPROVE)).toEqual([{}]);
    expect(await screen.findByText("No withdrawals are waiting for approval")).toHaveAttribute(
      "role",
      "status",
    );
  });

  it("a first of two approvals says another member of staff must approve; then this one may not again", async () => {
    const mine = { staff: { id: staff.id, name: staff.name }, decision: "approved" as const, reason: null };
    let approved = false;
    const view = renderApprovals(
      () =>
        page([
          adminWithdrawal({
            approvalsNeeded: 2,
            reviewReason: "dual_amount",
            decisions: approved ? [{ ...mine, createdAt: localIso(2025, 4, 17, 13, 20) }] : [],
          }),
        ]),
      {
        [APPROVE]: () => {
          approved = true;
          return decided("awaiting_approval", 1, 2);
        },
      },
    );
    const card = await findCard();
    await view.user.click(
      within(card).getByRole("button", { name: "Approve the withdrawal of Ada Lovelace" }),
    );
    await expectToast(
      "success",
      "Approval recorded",
      "1 of 2 approvals: another member of staff must approve it too.",
    );
    await waitFor(() =>
      expect(within(card).getByText("Approvals").nextElementSibling).toHaveTextContent("1 of 2 approvals"),
    );
    expect(within(card).getByText("Grace Hopper approved", { exact: false })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      "You approved this withdrawal: a second approval must come from another member of staff.",
    );
    expect(within(card).queryByRole("button", { name: /Approve|Reject/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal (four eyes) and asks for the queue again", async () => {
    const text =
      "You have already decided this withdrawal: a second approval must come from another member of staff.";
    const view = renderApprovals(undefined, { [APPROVE]: () => apiError(409, "CONFLICT", text) });
    const card = await findCard();
    const listed = queriesTo(view.fetchMock, WITHDRAWALS).length;
    await view.user.click(
      within(card).getByRole("button", { name: "Approve the withdrawal of Ada Lovelace" }),
    );
    await expectToast("error", "Withdrawal not approved", text);
    await waitFor(() => expect(queriesTo(view.fetchMock, WITHDRAWALS).length).toBeGreaterThan(listed));
  });

  it("rejects only with a reason, in a dialog; the customer is told", async () => {
    let rejected = false;
    const view = renderApprovals(() => page(rejected ? [] : [waiting]), {
      [REJECT]: () => {
        rejected = true;
        return decided("rejected", 0);
      },
    });
    const card = await findCard();
    await view.user.click(
      within(card).getByRole("button", { name: "Reject the withdrawal of Ada Lovelace" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Reject the withdrawal of 0.02000000 BTC?" });
    expect(dialog).toHaveAccessibleDescription(
      "It will not be sent: the amount and its fee go back to Ada Lovelace, who is told with your reason. The reason is kept in the audit log.",
    );
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    await waitFor(() => expect(reason).toHaveFocus());
    await view.user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("A reason is required")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, REJECT)).toEqual([]);

    await view.user.type(reason, "Not the customer's usual pattern");
    await view.user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await expectToast(
      "success",
      "Withdrawal rejected",
      "Ada Lovelace is told, and the money is back in their balance.",
    );
    expect(requestsTo(view.fetchMock, REJECT)).toEqual([{ reason: "Not the customer's usual pattern" }]);
    expect(await screen.findByText("No withdrawals are waiting for approval")).toBeInTheDocument();
  });

  it("a rejection refused because the withdrawal moved on says the server's words", async () => {
    const text = "This withdrawal is not waiting for approval.";
    const view = renderApprovals(undefined, { [REJECT]: () => apiError(409, "CONFLICT", text) });
    const card = await findCard();
    await view.user.click(
      within(card).getByRole("button", { name: "Reject the withdrawal of Ada Lovelace" }),
    );
    const dialog = await screen.findByRole("dialog");
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Looks wrong");
    await view.user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await expectToast("error", "Withdrawal not rejected", text);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("filters to the held withdrawals: their hold, no decision, an empty state of their own", async () => {
    const held = adminWithdrawal({
      status: "held",
      heldUntil: localIso(2025, 4, 18, 12, 3),
      approvalsNeeded: 0,
      reviewReason: null,
    });
    const view = renderApprovals(({ url }) => page(url.searchParams.get("status") === "held" ? [held] : []));
    expect(await screen.findByText("No withdrawals are waiting for approval")).toBeInTheDocument();
    const filter = screen.getByRole("combobox", { name: "Withdrawals" });
    expect(
      within(filter)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Waiting for approval", "Held (new address)"]);
    await view.user.selectOptions(filter, "Held (new address)");
    const card = await findCard();
    expect(queriesTo(view.fetchMock, WITHDRAWALS)).toEqual(["status=awaiting_approval", "status=held"]);
    expect(within(card).getByText("Held until").nextElementSibling).toHaveTextContent("Apr 18, 2025 12:03");
    expect(within(card).queryByText("Approvals")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /Approve|Reject/ })).not.toBeInTheDocument();
  });

  it("'Load more' asks for the next page, oldest first", async () => {
    const later = adminWithdrawal({
      id: "6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c00",
      customer: { ...waiting.customer, id: approver.id, name: "Bob Builder", username: "bob" },
    });
    const view = renderApprovals(({ url }) =>
      url.searchParams.get("cursor") === "next" ? page([later]) : page([waiting], "next"),
    );
    await findCard();
    await view.user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await findCard("Bob Builder")).toBeInTheDocument();
    expect(queriesTo(view.fetchMock, WITHDRAWALS)).toEqual([
      "status=awaiting_approval",
      "status=awaiting_approval&cursor=next",
    ]);
  });

  it("says so when the withdrawals cannot be loaded", async () => {
    renderApprovals(() => apiError(500, "INTERNAL", "Boom"));
    expect(await screen.findByText("The withdrawals could not be loaded.")).toBeInTheDocument();
  });
});
