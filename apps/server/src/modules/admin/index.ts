// The admin module: the staff dashboard's API, every route under /api/admin. It writes no table of its
// own: each staff action goes through the module that owns what it changes (and the audit log), and
// Banking Customers is a read-only report across users, ledger_accounts and kyc_items (queries.ts).
export { adminContextOf } from "./context.js";
export { adminRoutes } from "./routes.js";
export { sendStaffMessage } from "./send-staff-message.js";
export { setCustomerStatus } from "./set-customer-status.js";
