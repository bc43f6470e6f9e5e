import {
  KYC_MAX_FILE_BYTES,
  type KycDocumentKind,
  kycAcceptAttribute,
  kycUploadErrors,
} from "@satsbank/shared";

/**
 * What the browser can tell of a chosen file before it is sent: over 5MB, or a type the step does not take
 * (a picker's "All files"). The server reads the real format from the content and says the rest.
 */
export function fileProblem(file: File, kind: KycDocumentKind): string | null {
  if (file.size > KYC_MAX_FILE_BYTES) return kycUploadErrors.tooLarge;
  // An unknown type ("") is left to the server, which reads the content.
  const accepted = kycAcceptAttribute[kind].split(",");
  if (file.type !== "" && !accepted.includes(file.type)) {
    return kind === "selfie" ? kycUploadErrors.wrongSelfieType : kycUploadErrors.wrongType;
  }
  return null;
}
