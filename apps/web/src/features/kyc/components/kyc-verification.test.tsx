import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { kycItems, kycOverview } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { KycOverviewGate } from "./kyc-overview-gate";
import { KycVerification } from "./kyc-verification";

const verifiedIdentity = {
  status: "verified",
  details: { documentType: "Passport", submissionDate: "2025-04-15T12:00:00.000Z", message: "Approved" },
} as const;

function renderKyc(overview = kycOverview()) {
  stubApi({ routes: { "GET /api/kyc": () => overview } });
  return renderWithProviders(
    <KycOverviewGate>{(data) => <KycVerification overview={data} />}</KycOverviewGate>,
    { path: "/profile/kyc" },
  );
}

function row(title: string) {
  return screen.getByRole("heading", { name: title }).closest("li") as HTMLElement;
}

describe("profile KYC", () => {
  it("has the Overview and Verification Details tabs, Overview first", async () => {
    renderKyc();
    const tabs = await screen.findByRole("tablist", { name: "KYC & Verification" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Overview", "Verification Details"]);
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Overview" })).toBeInTheDocument();
  });

  it("gives each item its button by status: View, a disabled Pending, Complete, Resubmit", async () => {
    const view = renderKyc(
      kycOverview({
        level: 0,
        resume: "status",
        items: kycItems({
          identity: verifiedIdentity,
          address: { status: "pending" },
          enhanced: { status: "required" },
        }),
      }),
    );
    const identity = await screen.findByRole("heading", { name: "Identity Verification" });
    expect(within(row("Identity Verification")).getByRole("button")).toHaveAccessibleName(
      "View Identity Verification",
    );
    expect(within(identity.closest("li") as HTMLElement).getByText("Verified")).toBeInTheDocument();
    const pending = within(row("Address Verification")).getByRole("button");
    expect(pending).toHaveTextContent("Pending");
    expect(pending).toBeDisabled();
    expect(within(row("Enhanced Verification")).getByRole("button")).toHaveTextContent("Complete");

    view.unmount();

    renderKyc(kycOverview({ items: kycItems({ identity: { status: "rejected" } }) }));
    await screen.findByRole("heading", { name: "Identity Verification" });
    expect(within(row("Identity Verification")).getByText("Rejected")).toBeInTheDocument();
    const resubmit = within(row("Identity Verification")).getByRole("button");
    expect(resubmit).toHaveTextContent("Resubmit");
    expect(resubmit).toBeEnabled();
  });

  it("Complete and Resubmit say Verification Started and open the item's step", async () => {
    const view = renderKyc(kycOverview({ items: kycItems({ identity: { status: "rejected" } }) }));
    const resubmit = await screen.findByRole("button", { name: "Resubmit Identity Verification" });
    expect(resubmit).toHaveTextContent("Resubmit");
    await view.user.click(resubmit);
    await expectToast("success", "Verification Started");
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/identity$/);
  });

  it("Complete on enhanced opens /auth/kyc/enhanced; on address, /auth/kyc/address", async () => {
    const view = renderKyc(
      kycOverview({
        level: 1,
        resume: null,
        items: kycItems({ identity: verifiedIdentity, address: { status: "required" } }),
      }),
    );
    await view.user.click(await screen.findByRole("button", { name: "Complete Enhanced Verification" }));
    await expectToast("success", "Verification Started");
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/enhanced$/);
    view.unmount();

    const again = renderKyc(kycOverview({ items: kycItems({ identity: { status: "pending" } }) }));
    await again.user.click(await screen.findByRole("button", { name: "Complete Address Verification" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/address$/);
  });

  it("Start Verification, before anything is started, says Verification Started and opens the identity step", async () => {
    const view = renderKyc();
    await view.user.click(await screen.findByRole("button", { name: "Start Verification" }));
    await expectToast("success", "Verification Started");
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/identity$/);
  });

  it("View opens a dialog with the status, document type, submission date and message", async () => {
    const view = renderKyc(
      kycOverview({ level: 1, resume: null, items: kycItems({ identity: verifiedIdentity }) }),
    );
    await view.user.click(await screen.findByRole("button", { name: "View Identity Verification" }));
    const dialog = await screen.findByRole("dialog", { name: "Identity Verification" });
    const fact = (term: string) => within(dialog).getByText(term, { selector: "dt" }).nextElementSibling;
    expect(fact("Status")).toHaveTextContent("Verified");
    expect(fact("Document type")).toHaveTextContent("Passport");
    expect(fact("Submission date")).toHaveTextContent("Apr 15, 2025");
    expect(fact("Message")).toHaveTextContent("Approved");
    await view.user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("Verification Details lists each item's document type, submission date and message", async () => {
    const view = renderKyc(
      kycOverview({
        items: kycItems({
          identity: verifiedIdentity,
          address: {
            status: "rejected",
            details: {
              documentType: "Utility bill",
              submissionDate: "2025-04-16T12:00:00.000Z",
              message: "Too old",
            },
          },
        }),
      }),
    );
    await view.user.click(await screen.findByRole("tab", { name: "Verification Details" }));
    const panel = screen.getByRole("tabpanel", { name: "Verification Details" });
    const item = (title: string) =>
      within(panel).getByRole("heading", { name: title }).closest("li") as HTMLElement;
    expect(item("Identity Verification")).toHaveTextContent(
      "Document typePassportSubmission dateApr 15, 2025MessageApproved",
    );
    expect(item("Address Verification")).toHaveTextContent(
      "Document typeUtility billSubmission dateApr 16, 2025MessageToo old",
    );
    expect(item("Enhanced Verification")).toHaveTextContent(
      "Document typeNot submittedSubmission dateNot submittedMessageNone",
    );
  });
});
