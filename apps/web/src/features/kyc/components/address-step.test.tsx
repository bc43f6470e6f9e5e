import { kycUploadErrors } from "@satsbank/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { kycDocument, kycOverview } from "@/test/fixtures";
import { kycServer, pickedFile, recentDocumentDate } from "@/test/kyc-server";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { AddressStep } from "./address-step";
import { KycOverviewGate } from "./kyc-overview-gate";

function renderAddress(server = kycServer()) {
  const fetchMock = stubApi({ routes: server.routes });
  const view = renderWithProviders(<KycOverviewGate>{(o) => <AddressStep overview={o} />}</KycOverviewGate>, {
    path: "/auth/kyc/address",
  });
  return { ...view, fetchMock, server };
}

const uploads = (fetchMock: ReturnType<typeof stubApi>) =>
  requestsTo(fetchMock, "POST /api/kyc/documents") as FormData[];

describe("address step", () => {
  it("says the rules, and Back goes to the identity step", async () => {
    renderAddress();
    const picker = await screen.findByLabelText("Upload document");
    expect(picker).toHaveAccessibleDescription("JPG, PNG or PDF, dated within the last 3 months, max 5MB");
    expect(screen.getByRole("group", { name: "Proof of address" })).toContainElement(picker);
    expect(screen.getByLabelText("Date on the document")).toHaveAttribute("type", "date");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/auth/kyc/identity");
  });

  it("Continue without the document says Missing document", async () => {
    const view = renderAddress();
    await view.user.click(await screen.findByRole("button", { name: "Continue" }));
    await expectToast("error", "Missing document", "Please upload your proof of address.");
    expect(uploads(view.fetchMock)).toEqual([]);
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("asks for the date on the document, in place, before uploading", async () => {
    const view = renderAddress();
    await view.user.upload(
      await screen.findByLabelText("Upload document"),
      pickedFile("bill.pdf", "application/pdf"),
    );
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    const date = screen.getByLabelText("Date on the document");
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(date).toHaveAccessibleDescription(
      `The date printed on it: within the last 3 months. ${kycUploadErrors.missingDocumentDate}`,
    );
    expect(date).toHaveFocus();
    expect(uploads(view.fetchMock)).toEqual([]);
  });

  it("uploads the document with its date and opens the selfie step", async () => {
    const view = renderAddress();
    await view.user.upload(
      await screen.findByLabelText("Upload document"),
      pickedFile("bill.pdf", "application/pdf"),
    );
    const day = recentDocumentDate();
    await view.user.type(screen.getByLabelText("Date on the document"), day);
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/selfie$/);
    const [form] = uploads(view.fetchMock);
    expect(form?.get("kind")).toBe("address");
    expect(form?.get("documentDate")).toBe(day);
    expect((form?.get("file") as File | undefined)?.name).toBe("bill.pdf");
  });

  it("a refused file or date is said in place and the step stays", async () => {
    const server = kycServer();
    const view = renderAddress(server);
    await view.user.upload(
      await screen.findByLabelText("Upload document"),
      pickedFile("bill.pdf", "application/pdf"),
    );
    await view.user.type(screen.getByLabelText("Date on the document"), recentDocumentDate());
    server.refuseUpload(
      apiError(400, "VALIDATION_ERROR", "Invalid request", { file: kycUploadErrors.unreadable }),
    );
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(kycUploadErrors.unreadable);
    expect(screen.getByLabelText("Upload document")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();

    await view.user.upload(screen.getByLabelText("Upload document"), pickedFile("bill.png", "image/png"));
    server.refuseUpload(
      apiError(400, "VALIDATION_ERROR", "Invalid request", {
        documentDate: kycUploadErrors.documentDateTooOld,
      }),
    );
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(kycUploadErrors.documentDateTooOld)).toBeInTheDocument();
    expect(screen.getByLabelText("Date on the document")).toHaveAttribute("aria-invalid", "true");
    // The file itself was fine: it stays chosen.
    expect(screen.getByText("bill.png")).toBeInTheDocument();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("a proof of address uploaded before shows as chosen with its date; Continue does not upload again", async () => {
    const draft = kycDocument("address", { fileName: "statement.pdf", documentDate: "2025-04-01" });
    const view = renderAddress(
      kycServer({ resume: "selfie", drafts: { ...kycOverview().drafts, address: draft } }),
    );
    expect(await screen.findByText("statement.pdf")).toBeInTheDocument();
    // A PDF has no preview.
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Date on the document")).toHaveValue("2025-04-01");
    expect(screen.getByLabelText("Date on the document")).toHaveAttribute("readonly");
    await view.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/kyc\/selfie$/);
    expect(uploads(view.fetchMock)).toEqual([]);
  });
});
