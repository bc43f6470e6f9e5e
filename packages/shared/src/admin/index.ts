// The staff dashboard (/admin), one file per tab: its header, Banking Customers (and User Details),
// Transaction History, KYC Reviews, Approvals (withdrawals), Support, Books and the audit log. Every endpoint is staff only.

export * from "./audit.js";
export * from "./books.js";
export {
  ADMIN_PAGE_SIZE,
  type AdminKycDocument,
  adminKycDocumentSchema,
  adminMessages,
  type CustomerRef,
  customerRefSchema,
  STATUS_REASON_MAX_LENGTH,
  staffReasonSchema,
} from "./common.js";
export * from "./customers.js";
export * from "./header.js";
export * from "./kyc-reviews.js";
export * from "./solvency.js";
export * from "./support.js";
export * from "./transactions.js";
export * from "./user-details.js";
export * from "./vault.js";
export * from "./withdrawals.js";
