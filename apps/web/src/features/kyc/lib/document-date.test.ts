import { kycUploadErrors } from "@satsbank/shared";
import { describe, expect, it } from "vitest";
import { documentDateBounds, documentDateProblem } from "./document-date";

const today = new Date(2025, 3, 17);

describe("document date", () => {
  it("may be from 3 months ago to today", () => {
    expect(documentDateBounds(today)).toEqual({ min: "2025-01-17", max: "2025-04-17" });
    expect(documentDateProblem("2025-01-17", today)).toBeNull();
    expect(documentDateProblem("2025-04-17", today)).toBeNull();
  });

  it("is required, not older than 3 months and not in the future", () => {
    expect(documentDateProblem("", today)).toBe(kycUploadErrors.missingDocumentDate);
    expect(documentDateProblem("2025-01-16", today)).toBe(kycUploadErrors.documentDateTooOld);
    expect(documentDateProblem("2025-04-18", today)).toBe(kycUploadErrors.documentDateInFuture);
  });
});
