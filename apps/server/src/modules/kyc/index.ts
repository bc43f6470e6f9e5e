// The kyc module: identity checks. Documents uploaded and inspected, submissions, the automated review and
// staff decisions, the items and their events, verification levels and the rolling 24-hour send limits a
// send checks under its lock. It owns kyc_documents, kyc_submissions, kyc_items and kyc_events.
export { automatedProblem } from "./auto-review.js";
export type { KycContext } from "./context.js";
export { type Decider, decideSubmission } from "./decide-submission.js";
export { listKycReviews } from "./list-reviews.js";
export { customerMaySend } from "./may-send.js";
export { findItemStates, findLatestSubmission, findSubmissionDocuments } from "./queries.js";
export { type KycReviewer, kycReviewer } from "./reviewer.js";
export { kycRoutes } from "./routes.js";
export { limitOf, sendLimitWindowStart, toSendLimit } from "./send-limit.js";
export { staffKycView } from "./staff-kyc-view.js";
export { submitVerification } from "./submit-verification.js";
export { uploadDocument } from "./upload-document.js";
