/**
 * The KYC screens' own words where the specification has none: an upload or a submission that failed
 * for a reason other than the file (no connection, a server fault), and the enhanced level's missing
 * document, which follows the address step's "Missing document".
 */
export const kycScreenMessages = {
  uploadFailed: "Upload failed",
  submitFailed: "Verification not submitted",
  missingFundsDocument: {
    title: "Missing document",
    text: "Please upload a document that shows where your funds come from.",
  },
} as const;
