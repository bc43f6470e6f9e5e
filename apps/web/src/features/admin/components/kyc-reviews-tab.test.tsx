import type { KycReview, KycReviewPage } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ADDRESS_DOCUMENT_ID,
  IDENTITY_DOCUMENT_ID,
  kycReview,
  queriesTo,
  SELFIE_DOCUMENT_ID,
} from "@/test/admin-fixtures";
import { kycSubmission } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { KycReviewsTab } from "./kyc-reviews-tab";

const SUBMISSIONS = "/api/admin/kyc/submissions";
const pending = kycReview();
const DECISION = `POST ${SUBMISSIONS}/${pending.id}/decision`;

function page(items: KycReview[] = [pending], nextCursor: string | null = null): KycReviewPage {
  return { items, nextCursor };
}

function renderReviews(list: StubHandler = () => page(), more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({
    routes: {
      [`GET ${SUBMISSIONS}`]: list,
      [DECISION]: () => ({ submission: kycSubmission({ id: pending.id, status: "approved" }) }),
      ...more,
    },
  });
  const view = renderWithProviders(<KycReviewsTab />);
  return { ...view, fetchMock };
}

async function findCard(name = "Ada Lovelace") {
  return screen.findByRole("article", { name });
}

describe("KYC Reviews", () => {
  it("asks for the pending queue and shows each submission's documents side by side", async () => {
    const { fetchMock } = renderReviews();
    const card = await findCard();
    expect(queriesTo(fetchMock, SUBMISSIONS)).toEqual(["status=pending"]);
    expect(within(card).getByText("Basic verification (identity and address)")).toBeInTheDocument();
    expect(within(card).getByText("Apr 17, 2025 12:03")).toBeInTheDocument();

    const documents = within(card).getByRole("region", { name: "Documents of Ada Lovelace" });
    // Each card's sections are named after its customer: landmarks repeated across cards stay distinct.
    expect(within(card).getByRole("region", { name: "Decision for Ada Lovelace" })).toBeInTheDocument();
    // Images inline from the authorised endpoint; the PDF as a link.
    expect(
      within(documents).getByRole("img", { name: "Identity document of Ada Lovelace: passport.png" }),
    ).toHaveAttribute("src", `/api/kyc/documents/${IDENTITY_DOCUMENT_ID}`);
    expect(
      within(documents).getByRole("img", { name: "Selfie of Ada Lovelace: selfie.jpg" }),
    ).toHaveAttribute("src", `/api/kyc/documents/${SELFIE_DOCUMENT_ID}`);
    expect(within(documents).getAllByRole("img")).toHaveLength(2);
    expect(within(documents).getByRole("link", { name: /Proof of address: bill\.pdf/ })).toHaveAttribute(
      "href",
      `/api/kyc/documents/${ADDRESS_DOCUMENT_ID}`,
    );
    expect(within(documents).getByText("Passport")).toBeInTheDocument();
    expect(within(documents).getByText("Dated 2025-04-01")).toBeInTheDocument();
  });

  it("approves without a reason and refreshes the queue", async () => {
    let decided = false;
    const view = renderReviews(() => page(decided ? [] : [pending]), {
      [DECISION]: () => {
        decided = true;
        return { submission: kycSubmission({ id: pending.id, status: "approved" }) };
      },
    });
    const card = await findCard();
    await view.user.click(within(card).getByRole("button", { name: "Approve Ada Lovelace" }));
    await expectToast("success", "Submission approved", "Ada Lovelace is told.");
    expect(requestsTo(view.fetchMock, DECISION)).toEqual([{ decision: "approve" }]);
    expect(await screen.findByText("No KYC submissions are waiting for review")).toHaveAttribute(
      "role",
      "status",
    );
  });

  it("refuses to reject without a reason, then rejects with one", async () => {
    const view = renderReviews();
    const card = await findCard();
    const reject = within(card).getByRole("button", { name: "Reject Ada Lovelace" });
    await view.user.click(reject);
    const reason = within(card).getByRole("textbox", { name: "Reason" });
    expect(await within(card).findByText("A reason is required")).toBeInTheDocument();
    await waitFor(() => expect(reason).toHaveFocus());
    expect(requestsTo(view.fetchMock, DECISION)).toEqual([]);

    await view.user.type(reason, "The passport photo is blurred");
    await view.user.click(reject);
    await expectToast("success", "Submission rejected");
    expect(requestsTo(view.fetchMock, DECISION)).toEqual([
      { decision: "reject", reason: "The passport photo is blurred" },
    ]);
  });

  it("overrides an automated approval: only Reject, and only with a reason", async () => {
    const automated = kycReview({
      status: "approved",
      reviewMode: "auto",
      decidedAt: "2025-04-17T12:05:00.000Z",
      decidedBy: "automated",
      decidable: true,
    });
    const view = renderReviews(({ url }) =>
      page(url.searchParams.get("status") === "approved" ? [automated] : []),
    );
    expect(await screen.findByText("No KYC submissions are waiting for review")).toBeInTheDocument();
    await view.user.selectOptions(screen.getByRole("combobox", { name: "Submissions" }), "Approved");
    const card = await findCard();
    expect(queriesTo(view.fetchMock, SUBMISSIONS)).toEqual(["status=pending", "status=approved"]);
    expect(
      within(card).getByRole("heading", { name: "Override the automated decision" }),
    ).toBeInTheDocument();
    expect(within(card).getByText("Automated review")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /Approve/ })).not.toBeInTheDocument();

    await view.user.click(within(card).getByRole("button", { name: "Reject Ada Lovelace" }));
    expect(await within(card).findByText("A reason is required")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, DECISION)).toEqual([]);
    await view.user.type(within(card).getByRole("textbox", { name: "Reason" }), "Selfie does not match");
    await view.user.click(within(card).getByRole("button", { name: "Reject Ada Lovelace" }));
    await waitFor(() =>
      expect(requestsTo(view.fetchMock, DECISION)).toEqual([
        { decision: "reject", reason: "Selfie does not match" },
      ]),
    );
  });

  it("offers no decision on a submission staff may not decide", async () => {
    renderReviews(() => page([kycReview({ status: "approved", decidedBy: "staff", decidable: false })]));
    const card = await findCard();
    expect(within(card).queryByRole("button", { name: /Approve|Reject/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole("textbox")).not.toBeInTheDocument();
  });
});
