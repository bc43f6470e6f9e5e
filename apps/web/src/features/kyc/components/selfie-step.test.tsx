import { kycUploadErrors } from "@satsbank/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { kycDocument, kycOverview } from "@/test/fixtures";
import { kycServer, pickedFile } from "@/test/kyc-server";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { KycOverviewGate } from "./kyc-overview-gate";
import { SelfieStep } from "./selfie-step";

const drafts = {
  ...kycOverview().drafts,
  identity: kycDocument("identity"),
  address: kycDocument("address"),
};

function renderSelfie(server = kycServer({ resume: "selfie", drafts })) {
  const fetchMock = stubApi({ routes: server.routes });
  const view = renderWithProviders(<KycOverviewGate>{(o) => <SelfieStep overview={o} />}</KycOverviewGate>, {
    path: "/auth/kyc/selfie",
  });
  return { ...view, fetchMock, server };
}

describe("selfie step", () => {
  it("offers to take a selfie with the front camera or upload one, JPG or PNG only, with the guidelines", async () => {
    renderSelfie();
    const take = await screen.findByLabelText("Take a selfie");
    expect(take).toHaveAttribute("type", "file");
    expect(take).toHaveAttribute("accept", "image/jpeg,image/png");
    expect(take).toHaveAttribute("capture", "user");
    const upload = screen.getByLabelText("Upload a photo");
    expect(upload).toHaveAttribute("accept", "image/jpeg,image/png");
    expect(upload).not.toHaveAttribute("capture");
    expect(upload).toHaveAccessibleDescription("JPG or PNG only, max 5MB");
    const guidelines = screen.getByRole("region", { name: "Guidelines" });
    expect(
      within(guidelines)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Find good, even light",
      "Face the camera directly",
      "No glasses or hat",
      "Keep your whole face visible",
    ]);
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/auth/kyc/address");
  });

  it("Submit Verification without a selfie says Selfie required", async () => {
    const view = renderSelfie();
    await view.user.click(await screen.findByRole("button", { name: "Submit Verification" }));
    await expectToast("error", "Selfie required", "Please take or upload a selfie to continue.");
    expect(requestsTo(view.fetchMock, "POST /api/kyc/documents")).toEqual([]);
    expect(requestsTo(view.fetchMock, "POST /api/kyc/submissions")).toEqual([]);
  });

  it("Take new selfie clears the selfie", async () => {
    const view = renderSelfie();
    await view.user.upload(await screen.findByLabelText("Take a selfie"), pickedFile("me.jpg", "image/jpeg"));
    expect(screen.getByText("me.jpg")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Take new selfie" }));
    expect(screen.queryByText("me.jpg")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Take a selfie")).toHaveFocus();
  });

  it("uploads the selfie, submits the basic level with the three documents and opens the status", async () => {
    const view = renderSelfie();
    await view.user.upload(await screen.findByLabelText("Upload a photo"), pickedFile("me.png", "image/png"));
    await view.user.click(screen.getByRole("button", { name: "Submit Verification" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/status$/);
    const [form] = requestsTo(view.fetchMock, "POST /api/kyc/documents") as FormData[];
    expect(form?.get("kind")).toBe("selfie");
    expect(requestsTo(view.fetchMock, "POST /api/kyc/submissions")).toEqual([
      {
        level: "basic",
        identityDocumentId: drafts.identity.id,
        addressDocumentId: drafts.address.id,
        selfieDocumentId: kycDocument("selfie").id,
      },
    ]);
  });

  it("a PDF or a file the server refuses is said in place and nothing is submitted", async () => {
    const server = kycServer({ resume: "selfie", drafts });
    const view = renderSelfie(server);
    const picker = await screen.findByLabelText("Upload a photo");
    // The picker's filter set aside ("All files"), a PDF is refused as it is chosen.
    await userEvent.setup({ applyAccept: false }).upload(picker, pickedFile("scan.pdf", "application/pdf"));
    expect(screen.getByRole("alert")).toHaveTextContent(kycUploadErrors.wrongSelfieType);

    server.refuseUpload(
      apiError(400, "VALIDATION_ERROR", "Invalid request", { file: kycUploadErrors.wrongSelfieType }),
    );
    await view.user.upload(screen.getByLabelText("Upload a photo"), pickedFile("me.png", "image/png"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Submit Verification" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(kycUploadErrors.wrongSelfieType);
    expect(screen.getByLabelText("Upload a photo")).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(view.fetchMock, "POST /api/kyc/submissions")).toEqual([]);
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("a selfie uploaded before is submitted without uploading it again; a failed submission keeps it", async () => {
    const selfie = kycDocument("selfie");
    const server = kycServer({ resume: "selfie", drafts: { ...drafts, selfie } });
    const submit = server.routes["POST /api/kyc/submissions"];
    let submissions = 0;
    server.routes["POST /api/kyc/submissions"] = (request) => {
      submissions += 1;
      return submissions === 1 ? apiError(500, "INTERNAL", "Internal server error") : submit?.(request);
    };
    const view = renderSelfie(server);
    expect(await screen.findByText("selfie.jpg")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Submit Verification" }));
    await expectToast("error", "Verification not submitted", "Internal server error");
    expect(screen.getByText("selfie.jpg")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Submit Verification" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/auth/kyc/status");
    expect(requestsTo(view.fetchMock, "POST /api/kyc/documents")).toEqual([]);
    expect(requestsTo(view.fetchMock, "POST /api/kyc/submissions")).toHaveLength(2);
  });

  it("without an identity document sends the person back to that step, with its message", async () => {
    const view = renderSelfie(kycServer({ resume: "identity" }));
    await view.user.upload(await screen.findByLabelText("Upload a photo"), pickedFile("me.png", "image/png"));
    await view.user.click(screen.getByRole("button", { name: "Submit Verification" }));
    await expectToast(
      "error",
      "Missing information",
      "Please select a document type and upload your document.",
    );
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/identity$/);
    expect(requestsTo(view.fetchMock, "POST /api/kyc/documents")).toEqual([]);
  });
});
