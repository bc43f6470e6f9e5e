import { KYC_MAX_FILE_BYTES, kycUploadErrors } from "@satsbank/shared";
import { describe, expect, it } from "vitest";
import { fileProblem } from "./file-problem";

function fileOf(type: string, size = 1000, name = "scan") {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("fileProblem", () => {
  it("takes JPG, PNG and PDF up to 5MB for documents", () => {
    for (const type of ["image/jpeg", "image/png", "application/pdf"]) {
      expect(fileProblem(fileOf(type, KYC_MAX_FILE_BYTES), "identity")).toBeNull();
    }
  });

  it("refuses a file over 5MB", () => {
    expect(fileProblem(fileOf("image/png", KYC_MAX_FILE_BYTES + 1), "address")).toBe(
      kycUploadErrors.tooLarge,
    );
  });

  it("refuses another type, and a PDF as a selfie", () => {
    expect(fileProblem(fileOf("image/gif"), "identity")).toBe(kycUploadErrors.wrongType);
    expect(fileProblem(fileOf("application/pdf"), "selfie")).toBe(kycUploadErrors.wrongSelfieType);
  });

  it("leaves an unknown type to the server", () => {
    expect(fileProblem(fileOf(""), "selfie")).toBeNull();
  });
});
