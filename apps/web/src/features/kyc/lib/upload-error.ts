import { kycUploadErrors } from "@satsbank/shared";
import { isApiError } from "@/lib/api-client";

/** The upload's fields the server may refuse, each said in place on the step. */
export interface UploadFieldErrors {
  file?: string;
  documentType?: string;
  documentDate?: string;
}

/**
 * A refused upload as the step says it in place: a file over 5MB (413, whatever words the server used),
 * or the server's message for the file, the document type or the date. Null for anything else (a network
 * failure, a server fault), which the step says in a toast and lets the person try again.
 */
export function uploadFieldErrors(error: unknown): UploadFieldErrors | null {
  if (!isApiError(error)) return null;
  if (error.status === 413 || error.code === "PAYLOAD_TOO_LARGE") return { file: kycUploadErrors.tooLarge };
  if (error.code !== "VALIDATION_ERROR") return null;
  const { file, documentType, documentDate } = error.fields;
  if (file === undefined && documentType === undefined && documentDate === undefined) {
    // A refusal about the upload that names no field is about the file.
    return { file: error.message };
  }
  return {
    ...(file !== undefined && { file }),
    ...(documentType !== undefined && { documentType }),
    ...(documentDate !== undefined && { documentDate }),
  };
}
