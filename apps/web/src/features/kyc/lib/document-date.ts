import { kycUploadErrors, PROOF_OF_ADDRESS_MAX_AGE_MONTHS } from "@satsbank/shared";
import { format, subMonths } from "date-fns";

const DAY = "yyyy-MM-dd";

/** The dates a proof of address may carry: from 3 months ago to today (the date input's min and max). */
export function documentDateBounds(today: Date): { min: string; max: string } {
  return { min: format(subMonths(today, PROOF_OF_ADDRESS_MAX_AGE_MONTHS), DAY), max: format(today, DAY) };
}

/** The date on a proof of address, checked as the person enters it (the server checks it again). */
export function documentDateProblem(value: string, today: Date): string | null {
  if (value === "") return kycUploadErrors.missingDocumentDate;
  const { min, max } = documentDateBounds(today);
  // YYYY-MM-DD strings order as the dates do.
  if (value > max) return kycUploadErrors.documentDateInFuture;
  if (value < min) return kycUploadErrors.documentDateTooOld;
  return null;
}
