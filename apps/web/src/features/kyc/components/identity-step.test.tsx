import { kycUploadErrors } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { kycDocument } from "@/test/fixtures";
import { kycServer, pickedFile } from "@/test/kyc-server";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { IdentityStep } from "./identity-step";
import { KycOverviewGate } from "./kyc-overview-gate";

function renderIdentity(server = kycServer()) {
  const fetchMock = stubApi({ routes: server.routes });
  const view = renderWithProviders(
    <KycOverviewGate>{(o) => <IdentityStep overview={o} />}</KycOverviewGate>,
    {
      path: "/auth/kyc/identity",
    },
  );
  return { ...view, fetchMock, server };
}

const uploads = (fetchMock: ReturnType<typeof stubApi>) =>
  requestsTo(fetchMock, "POST /api/kyc/documents") as FormData[];

describe("identity step", () => {
  it("offers the three document types by name, the upload and its rules", async () => {
    renderIdentity();
    const types = await screen.findByRole("radiogroup", { name: "Document type" });
    expect(within(types).getAllByRole("radio")).toHaveLength(3);
    expect(screen.getByRole("radio", { name: "Passport" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "Driver's License" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "National ID Card" })).toBeInTheDocument();
    const picker = screen.getByLabelText("Upload document");
    expect(picker).toHaveAttribute("type", "file");
    expect(picker).toHaveAttribute("accept", "image/jpeg,image/png,application/pdf");
    expect(picker).toHaveAccessibleDescription("JPG, PNG or PDF, max 5MB");
    expect(screen.getByRole("group", { name: "Identity document" })).toContainElement(picker);
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/auth/kyc/intro");
  });

  it("Continue without a document type or a file says Missing information and uploads nothing", async () => {
    const view = renderIdentity();
    const continueButton = await screen.findByRole("button", { name: "Continue" });
    await view.user.click(continueButton);
    await expectToast(
      "error",
      "Missing information",
      "Please select a document type and upload your document.",
    );

    await view.user.click(screen.getByRole("radio", { name: "Passport" }));
    await view.user.click(continueButton);
    await expectToast("error", "Missing information");

    await view.user.click(screen.getByRole("radio", { name: "National ID Card" }));
    await view.user.upload(screen.getByLabelText("Upload document"), pickedFile("id.png", "image/png"));
    await view.user.click(screen.getByRole("button", { name: "Replace" }));
    await view.user.click(continueButton);
    await expectToast("error", "Missing information");
    expect(uploads(view.fetchMock)).toEqual([]);
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("shows the chosen file (name, size, preview); Replace clears it and returns to the picker", async () => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:preview");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    const view = renderIdentity();
    const picker = await screen.findByLabelText("Upload document");
    await view.user.upload(picker, pickedFile("id-card.png", "image/png"));
    expect(screen.getByText("id-card.png")).toBeInTheDocument();
    expect(screen.getByText("1.2 MB")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Preview of id-card.png" })).toHaveAttribute(
      "src",
      "blob:preview",
    );
    expect(screen.queryByLabelText("Upload document")).not.toBeInTheDocument();

    await view.user.click(screen.getByRole("button", { name: "Replace" }));
    expect(screen.queryByText("id-card.png")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Upload document")).toHaveFocus();
    await waitFor(() => expect(revoke).toHaveBeenCalledWith("blob:preview"));
  });

  it("Continue uploads the type and the file, says Processing... meanwhile, then opens the address step", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = kycServer();
    const upload = server.routes["POST /api/kyc/documents"];
    server.routes["POST /api/kyc/documents"] = async (request) => {
      await gate;
      return upload?.(request);
    };
    const view = renderIdentity(server);
    await view.user.click(await screen.findByRole("radio", { name: "Driver's License" }));
    await view.user.upload(
      screen.getByLabelText("Upload document"),
      pickedFile("licence.pdf", "application/pdf"),
    );
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Replace" })).toBeDisabled();
    release();

    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/address$/);
    const [form] = uploads(view.fetchMock);
    expect(form?.get("kind")).toBe("identity");
    expect(form?.get("documentType")).toBe("drivers_license");
    expect((form?.get("file") as File | undefined)?.name).toBe("licence.pdf");
    expect([...(form?.keys() ?? [])]).toEqual(["kind", "documentType", "file"]);
    expect(
      view.queryClient.getQueryData<{ drafts: { identity: unknown } }>(["kyc", "overview"])?.drafts.identity,
    ).toMatchObject({ kind: "identity", fileName: "licence.pdf" });
  });

  it("a file the server refuses is said in place, marked, and the step stays", async () => {
    const server = kycServer();
    const view = renderIdentity(server);
    await view.user.click(await screen.findByRole("radio", { name: "Passport" }));
    server.refuseUpload(
      apiError(400, "VALIDATION_ERROR", "Invalid request", { file: kycUploadErrors.wrongType }),
    );
    await view.user.upload(
      screen.getByLabelText("Upload document"),
      pickedFile("passport.jpg", "image/jpeg"),
    );
    await view.user.click(screen.getByRole("button", { name: "Continue" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(kycUploadErrors.wrongType);
    const picker = screen.getByLabelText("Upload document");
    expect(picker).toHaveAttribute("aria-invalid", "true");
    expect(picker).toHaveAccessibleDescription(`JPG, PNG or PDF, max 5MB ${kycUploadErrors.wrongType}`);
    expect(screen.queryByText("passport.jpg")).not.toBeInTheDocument();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();

    // Another file clears the mark; a file over 5MB by the server's count (413) is said the same way.
    server.refuseUpload(apiError(413, "PAYLOAD_TOO_LARGE", "Request body is too large"));
    await view.user.upload(picker, pickedFile("passport.png", "image/png"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(kycUploadErrors.tooLarge);
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("a file over 5MB is refused as it is chosen, without an upload", async () => {
    const view = renderIdentity();
    await view.user.click(await screen.findByRole("radio", { name: "Passport" }));
    await view.user.upload(
      screen.getByLabelText("Upload document"),
      pickedFile("huge.png", "image/png", 6_000_000),
    );
    expect(screen.getByRole("alert")).toHaveTextContent(kycUploadErrors.tooLarge);
    expect(screen.getByLabelText("Upload document")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("huge.png")).not.toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    await expectToast("error", "Missing information");
    expect(uploads(view.fetchMock)).toEqual([]);
  });

  it("a failure that is not a refusal is a toast; the file stays to try again", async () => {
    const server = kycServer();
    const view = renderIdentity(server);
    await view.user.click(await screen.findByRole("radio", { name: "Passport" }));
    await view.user.upload(screen.getByLabelText("Upload document"), pickedFile("passport.png", "image/png"));
    server.refuseUpload(apiError(503, "SERVICE_UNAVAILABLE", "Service unavailable"));
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    await expectToast("error", "Upload failed", "Service unavailable");
    expect(screen.getByText("passport.png")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/auth/kyc/address");
  });

  it("a document uploaded before shows as chosen, and Continue goes on without uploading it again", async () => {
    const draft = kycDocument("identity", { documentType: "national_id", fileName: "id-front.png" });
    const view = renderIdentity(
      kycServer({ resume: "address", drafts: { ...kycServer().overview.drafts, identity: draft } }),
    );
    expect(await screen.findByText("id-front.png")).toBeInTheDocument();
    expect(screen.getByText("1.2 MB · Uploaded")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Preview of id-front.png" })).toHaveAttribute(
      "src",
      `/api/kyc/documents/${draft.id}`,
    );
    const nationalId = screen.getByRole("radio", { name: "National ID Card" });
    expect(nationalId).toBeChecked();
    // The type belongs to the uploaded file: changing it means replacing the file.
    expect(nationalId).toBeDisabled();
    expect(screen.getByRole("radiogroup")).toHaveAccessibleDescription(
      "To change the document type, replace the document.",
    );

    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/address$/);
    expect(uploads(view.fetchMock)).toEqual([]);
  });
});
