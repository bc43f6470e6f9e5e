import { kycMessages } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, kycDocument, kycItems, kycOverview, kycSubmission } from "@/test/fixtures";
import { kycServer, pickedFile, recentDocumentDate } from "@/test/kyc-server";
import { renderRoute } from "@/test/render-route";
import { requestsTo, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";

async function expectScreen(title: string) {
  const heading = await screen.findByRole("heading", { level: 1, name: title });
  // The app moves the focus to a new screen's heading.
  await waitFor(() => expect(heading).toHaveFocus());
  return heading;
}

describe("KYC flow", () => {
  it("goes intro, identity, address, selfie, status, uploading each file once", async () => {
    const server = kycServer();
    const api = stubApi({ user: customer, routes: server.routes });
    const user = userEvent.setup();
    const { router } = renderRoute("/auth/kyc/intro");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Verify Your Identity" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Identity Verification" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Address Verification" })).toBeInTheDocument();
    expect(screen.queryByText("This screen is not built yet.")).not.toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Start Verification" }));

    await expectScreen("Identity Document");
    await user.click(await screen.findByRole("radio", { name: "Passport" }));
    await user.upload(screen.getByLabelText("Upload document"), pickedFile("passport.png", "image/png"));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await expectScreen("Proof of Address");
    // Back and forth: the identity document is the draft now, shown and not sent again.
    await user.click(screen.getByRole("link", { name: "Back" }));
    await expectScreen("Identity Document");
    expect(await screen.findByText("passport.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await expectScreen("Proof of Address");
    await user.upload(
      await screen.findByLabelText("Upload document"),
      pickedFile("bill.pdf", "application/pdf"),
    );
    await user.type(screen.getByLabelText("Date on the document"), recentDocumentDate());
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await expectScreen("Take a Selfie");
    await user.upload(await screen.findByLabelText("Take a selfie"), pickedFile("me.jpg", "image/jpeg"));
    await user.click(screen.getByRole("button", { name: "Submit Verification" }));

    await expectScreen("Verification Status");
    expect(await screen.findByRole("heading", { name: "Verification in Progress" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to selfie" })).toHaveAttribute("href", "/auth/kyc/selfie");
    expect(router.state.location.pathname).toBe("/auth/kyc/status");

    const kinds = (requestsTo(api, "POST /api/kyc/documents") as FormData[]).map((form) => form.get("kind"));
    expect(kinds).toEqual(["identity", "address", "selfie"]);
    expect(requestsTo(api, "POST /api/kyc/submissions")).toEqual([
      {
        level: "basic",
        identityDocumentId: kycDocument("identity").id,
        addressDocumentId: kycDocument("address").id,
        selfieDocumentId: kycDocument("selfie").id,
      },
    ]);
  });

  it("a rejected verification's Try Again starts over at the identity step", async () => {
    stubApi({
      user: customer,
      routes: kycServer({ resume: "status", basic: kycSubmission({ status: "rejected" }) }).routes,
    });
    const user = userEvent.setup();
    renderRoute("/auth/kyc/status");
    expect(await screen.findByRole("heading", { name: kycMessages.rejected.title })).toBeInTheDocument();
    expect(screen.getByText(kycMessages.defaultRejectionReason)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Try Again" }));
    await expectScreen("Identity Document");
  });
});

describe("enhanced verification", () => {
  it("before the basic level is verified, shows the introduction", async () => {
    stubApi({ user: customer, routes: kycServer().routes });
    renderRoute("/auth/kyc/enhanced");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Verify Your Identity" }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Enhanced verification comes after identity and address verification."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Verification" })).toHaveAttribute(
      "href",
      "/auth/kyc/identity",
    );
  });

  it("once verified, asks where the funds come from and a document, and submits the enhanced level", async () => {
    const verified = kycOverview({
      level: 1,
      resume: null,
      basic: kycSubmission({ status: "approved" }),
      items: kycItems({ identity: { status: "verified" }, address: { status: "verified" } }),
    });
    const server = kycServer(verified);
    const api = stubApi({ user: customer, routes: server.routes });
    const user = userEvent.setup();
    const { router } = renderRoute("/auth/kyc/enhanced");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Verify Your Identity" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Enhanced Verification" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Start Verification" }));
    const step = screen.getByRole("heading", { name: "Source of Funds" });
    expect(step).toHaveFocus();

    // Back returns to the introduction, with the focus on Start Verification.
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: "Start Verification" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Start Verification" }));

    await user.click(screen.getByRole("button", { name: "Submit Verification" }));
    const text = screen.getByLabelText("Source of funds");
    expect(text).toHaveAttribute("aria-invalid", "true");
    expect(text).toHaveAccessibleDescription(
      /Describe where your funds come from \(at least 10 characters\)\.$/,
    );
    expect(text).toHaveFocus();

    await user.type(text, "Salary from my employer");
    await user.click(screen.getByRole("button", { name: "Submit Verification" }));
    await expectToast(
      "error",
      "Missing document",
      "Please upload a document that shows where your funds come from.",
    );

    await user.upload(screen.getByLabelText("Upload document"), pickedFile("payslip.pdf", "application/pdf"));
    await user.click(screen.getByRole("button", { name: "Submit Verification" }));
    await expectScreen("Verification Status");
    expect(router.state.location.search).toBe("?level=enhanced");
    expect(await screen.findByRole("heading", { name: "Verification in Progress" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to enhanced verification" })).toHaveAttribute(
      "href",
      "/auth/kyc/enhanced",
    );
    const [form] = requestsTo(api, "POST /api/kyc/documents") as FormData[];
    expect(form?.get("kind")).toBe("source_of_funds");
    expect(requestsTo(api, "POST /api/kyc/submissions")).toEqual([
      {
        level: "enhanced",
        sourceOfFunds: "Salary from my employer",
        documentId: kycDocument("source_of_funds").id,
      },
    ]);
  });
});

describe("profile KYC screen", () => {
  it("shows the items with their statuses under its heading", async () => {
    stubApi({
      user: customer,
      routes: { "GET /api/kyc": () => kycOverview({ items: kycItems({ identity: { status: "pending" } }) }) },
    });
    renderRoute("/profile/kyc");
    expect(await screen.findByRole("heading", { level: 1, name: "KYC & Verification" })).toBeInTheDocument();
    const overview = await screen.findByRole("tabpanel", { name: "Overview" });
    expect(within(overview).getByRole("button", { name: "Identity Verification pending" })).toBeDisabled();
    expect(within(overview).getByRole("button", { name: "Complete Address Verification" })).toBeEnabled();
  });
});
