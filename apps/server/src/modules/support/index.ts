// The support module: what customers ask the bank (Contact Support) and staff's answers, and the figures
// the FAQ states. It owns support_requests and support_replies.
export { closeSupportRequest } from "./close-request.js";
export { listSupportRequests } from "./list-requests.js";
export { findRequestBySubject } from "./queries.js";
export { replyToSupportRequest } from "./reply-to-request.js";
export { supportRoutes } from "./routes.js";
export { submitSupportRequest } from "./submit-support-request.js";
