import { z } from "zod";
import { loginHistoryEntrySchema } from "./account.js";
import { type AccountType, accountTypeSchema, type Role } from "./auth.js";
import {
  documentTypeSchema,
  kycDocumentKindSchema,
  kycFileFormatSchema,
  kycItemIdSchema,
  kycItemSchema,
  kycItemStatusSchema,
  kycSubmissionStatusSchema,
} from "./kyc.js";
import { satsSchema } from "./money.js";
import { supportRequestSchema } from "./support.js";
import { plainMultilineText, plainText, withLineFeeds } from "./text.js";
import { transactionStatusSchema, transactionTypeSchema } from "./transactions.js";

// The staff dashboard (/admin): its header, Banking Customers, Transaction History, KYC Reviews, Support,
// Books and the audit log. Every endpoint is staff only (401 signed out, 403 for a customer) and every
// action staff take is written to the audit log in the action's own db transaction.

/** How many rows a staff table shows at a time, unless the request asks otherwise (at most 100). */
export const ADMIN_PAGE_SIZE = 20;

const pageLimit = z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE);
/** An opaque keyset cursor: pass back `nextCursor` as it came. */
const cursor = z.string().check(plainText).max(200).optional();
/** A free-text search box's value. */
const search = z.string().trim().check(plainText).max(100).optional();

const personSchema = z.object({ id: z.uuid(), name: z.string() });
/** The customer a row is about, as staff tables name them. */
export const customerRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
});
export type CustomerRef = z.infer<typeof customerRefSchema>;

// ---- header

export const ADMIN_DASHBOARD_TITLE = "Admin Dashboard";

/** The label of each role: the header's "Access Level: Super Admin". */
export const roleLabels = {
  admin: "Super Admin",
  customer: "Customer",
} as const satisfies Record<Role, string>;

/**
 * `GET /api/admin/me`: the header's words and whether the member of staff must enrol an authenticator app.
 * It answers without two-factor too (the one staff endpoint that does), so the dashboard can ask to enrol.
 */
export const adminMeSchema = z.object({
  /** "Admin Dashboard". */
  title: z.string(),
  /** "Super Admin": the role's label. */
  accessLevel: z.string(),
  staff: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  twoFactor: z.object({
    enabled: z.boolean(),
    /**
     * True in production: without `enabled`, every other staff endpoint answers 403 with the reason
     * `enrolTwoFactor`. False elsewhere: the dashboard opens and only warns while `enabled` is false.
     */
    required: z.boolean(),
  }),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** The refusal of a staff endpoint to production staff without an authenticator app (reason `enrolTwoFactor`). */
export const staffAccessErrors = {
  enrolTwoFactor: {
    title: "Authenticator app required",
    text: "Staff must sign in with an authenticator app. Turn on two-factor authentication in Security, then open the dashboard again.",
  },
} as const;

// ---- Banking Customers

export const accountTypeLabels = {
  personal: "Personal",
  business: "Business",
} as const satisfies Record<AccountType, string>;

export const customerStatusSchema = z.enum(["active", "inactive"]);
export type CustomerStatus = z.infer<typeof customerStatusSchema>;
export const customerStatusLabels = {
  active: "Active",
  inactive: "Inactive",
} as const satisfies Record<CustomerStatus, string>;

/**
 * A customer's KYC status: their basic level (identity and address). The specification shows verified and
 * pending; the other two are kept as they are rather than folded into those: `required` (nothing
 * submitted yet, or a level the customer must submit again) and `rejected` (the last submission refused).
 */
export const customerKycStatusSchema = kycItemStatusSchema;
export type CustomerKycStatus = z.infer<typeof customerKycStatusSchema>;
export const customerKycStatusLabels = {
  verified: "Verified",
  pending: "Pending",
  required: "Not submitted",
  rejected: "Rejected",
} as const satisfies Record<CustomerKycStatus, string>;

/** The sortable columns of Banking Customers. */
export const customerSortSchema = z.enum([
  "name",
  "email",
  "accountType",
  "kycStatus",
  "joinedAt",
  "balance",
  "status",
]);
export type CustomerSort = z.infer<typeof customerSortSchema>;

export const sortOrderSchema = z.enum(["asc", "desc"]);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/**
 * `GET /api/admin/customers`: offset pages (page 1 first) sorted by one column, ties broken by the
 * customer's id; `q` matches the name, the email or the username anywhere, case-insensitively.
 * KYC status sorts verified, pending, rejected, not submitted (ascending).
 */
export const listCustomersQuerySchema = z.object({
  q: search,
  sort: customerSortSchema.default("joinedAt"),
  order: sortOrderSchema.default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: pageLimit,
});
export type ListCustomersQuery = z.input<typeof listCustomersQuerySchema>;

/** One row of Banking Customers. */
export const adminCustomerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  accountType: accountTypeSchema,
  kycStatus: customerKycStatusSchema,
  joinedAt: z.iso.datetime(),
  /** The ledger balance in satoshis (the web shows BTC with 8 decimals). */
  balanceSats: satsSchema,
  status: customerStatusSchema,
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const customerPageSchema = z.object({
  items: z.array(adminCustomerSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Every customer the search matches, across pages. */
  total: z.number().int().nonnegative(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** A customer's KYC document as staff see it: `url` is the authorised download (GET, staff or owner). */
export const adminKycDocumentSchema = z.object({
  id: z.uuid(),
  kind: kycDocumentKindSchema,
  documentType: documentTypeSchema.nullable(),
  documentDate: z.iso.date().nullable(),
  fileName: z.string(),
  format: kycFileFormatSchema,
  sizeBytes: z.number().int().nonnegative(),
  uploadedAt: z.iso.datetime(),
  /** `/api/kyc/documents/<id>`: the file, as an attachment. */
  url: z.string(),
});
export type AdminKycDocument = z.infer<typeof adminKycDocumentSchema>;

/** One KYC item of User Details with the documents of the submission that set it. */
export const adminKycItemSchema = kycItemSchema.extend({ documents: z.array(adminKycDocumentSchema) });
export type AdminKycItem = z.infer<typeof adminKycItemSchema>;

// ---- Transaction History

export const adminTransactionTypeFilterSchema = z.enum(["all", "send", "receive"]);
export type AdminTransactionTypeFilter = z.infer<typeof adminTransactionTypeFilterSchema>;
export const adminTransactionTypeLabels = {
  all: "All Types",
  send: "Send",
  receive: "Receive",
} as const satisfies Record<AdminTransactionTypeFilter, string>;

export const adminTransactionStatusFilterSchema = z.enum(["all", "completed", "pending", "failed"]);
export type AdminTransactionStatusFilter = z.infer<typeof adminTransactionStatusFilterSchema>;
export const adminTransactionStatusLabels = {
  all: "All Status",
  completed: "Completed",
  pending: "Pending",
  failed: "Failed",
} as const satisfies Record<AdminTransactionStatusFilter, string>;

/**
 * The filters of Transaction History and of its CSV export. `q` matches the customer's name or username
 * (anywhere), the address (anywhere), or exactly a transaction id, a customer id or a txid.
 */
export const adminTransactionFiltersSchema = z.object({
  q: search,
  type: adminTransactionTypeFilterSchema.default("all"),
  status: adminTransactionStatusFilterSchema.default("all"),
});
export type AdminTransactionFilters = z.input<typeof adminTransactionFiltersSchema>;

/** `GET /api/admin/transactions`: keyset pages, newest first. */
export const listAdminTransactionsQuerySchema = adminTransactionFiltersSchema.extend({
  cursor,
  limit: pageLimit,
});
export type ListAdminTransactionsQuery = z.input<typeof listAdminTransactionsQuerySchema>;

/**
 * One row of Transaction History: one customer's side of a movement (a send between two customers is the
 * sender's `send` and the payee's `receive`, two rows).
 */
export const adminTransactionSchema = z.object({
  id: z.uuid(),
  type: transactionTypeSchema,
  /** Satoshis as a decimal string (the web shows BTC with 8 decimals). */
  amountSats: satsSchema,
  feeSats: satsSchema,
  status: transactionStatusSchema,
  /** The customer whose transaction it is. */
  user: z.object({ id: z.uuid(), name: z.string(), username: z.string() }),
  /** The other customer, for a transfer inside the bank. */
  counterparty: z.object({ username: z.string().nullable(), name: z.string().nullable() }),
  /** The full Bitcoin address (null for a transfer between customers). */
  address: z.string().nullable(),
  txid: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const adminTransactionPageSchema = z.object({
  items: z.array(adminTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type AdminTransactionPage = z.infer<typeof adminTransactionPageSchema>;

/**
 * The CSV export's columns, in order. The price source keeps no history, so the USD figures are at the
 * time of the export, and the headers say so.
 */
export const transactionCsvColumns = [
  "Transaction ID",
  "Type",
  "Amount (BTC)",
  "Fee (BTC)",
  "Status",
  "User ID",
  "User Name",
  "Username",
  "Date & Time (UTC)",
  "Address",
  "Txid",
  "Counterparty",
  "BTC price in USD at export time",
  "Amount in USD at export time",
] as const;

// ---- Deactivate and reactivate

export const STATUS_REASON_MAX_LENGTH = 500;

export const adminMessages = {
  reasonRequired: "A reason is required",
  reasonTooLong: `The reason must be at most ${STATUS_REASON_MAX_LENGTH} characters`,
  replyRequired: "A reply is required",
  replyTooLong: "The reply must be at most 4000 characters",
} as const;

/** A reason staff must give: kept in the audit log (and, for a KYC decision, shown to the customer). */
export const staffReasonSchema = z
  .string()
  .trim()
  .check(plainText)
  .min(1, { error: adminMessages.reasonRequired })
  .max(STATUS_REASON_MAX_LENGTH, { error: adminMessages.reasonTooLong });

/** `POST /api/admin/customers/:userId/deactivate` and `/reactivate`. */
export const customerStatusBodySchema = z.object({ reason: staffReasonSchema });
export type CustomerStatusBody = z.infer<typeof customerStatusBodySchema>;

export const adminCustomerResponseSchema = z.object({ customer: adminCustomerSchema });
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponseSchema>;

// ---- KYC Reviews

export const kycReviewModeSchema = z.enum(["auto", "manual"]);
export type KycReviewMode = z.infer<typeof kycReviewModeSchema>;

/** One change of a KYC item: the decisions of a submission, automated and staff's, all kept. */
export const kycHistoryEntrySchema = z.object({
  item: kycItemIdSchema,
  from: kycItemStatusSchema,
  to: kycItemStatusSchema,
  actor: z.enum(["customer", "automated", "staff"]),
  /** The member of staff, when `actor` is staff. */
  staff: personSchema.nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type KycHistoryEntry = z.infer<typeof kycHistoryEntrySchema>;

/** A submission as KYC Reviews shows it: the customer, the documents side by side, its history. */
export const kycReviewSchema = z.object({
  id: z.uuid(),
  level: z.enum(["basic", "enhanced"]),
  status: kycSubmissionStatusSchema,
  /** KYC_REVIEW when it was submitted. */
  reviewMode: kycReviewModeSchema,
  /** The current decision's reason (the customer reads it). */
  reason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Who made the current decision: null while pending. */
  decidedBy: z.enum(["automated", "staff"]).nullable(),
  decidedByStaff: personSchema.nullable(),
  customer: customerRefSchema,
  /** Enhanced only: where the customer says their funds come from. */
  sourceOfFunds: z.string().nullable(),
  documents: z.array(adminKycDocumentSchema),
  history: z.array(kycHistoryEntrySchema),
  /**
   * Staff may decide it now: pending, or decided by the automated review and still the customer's latest
   * submission of its level (an override, with a reason, to the other decision).
   */
  decidable: z.boolean(),
});
export type KycReview = z.infer<typeof kycReviewSchema>;

/**
 * `GET /api/admin/kyc/submissions`: pending ones oldest first (the queue); approved or rejected ones
 * newest first. Decide one with `POST /api/admin/kyc/submissions/:submissionId/decision`
 * (`kycDecisionBodySchema`; a reason is required to override an automated decision).
 */
export const listKycReviewsQuerySchema = z.object({
  status: kycSubmissionStatusSchema.default("pending"),
  cursor,
  limit: pageLimit,
});
export type ListKycReviewsQuery = z.input<typeof listKycReviewsQuerySchema>;

export const kycReviewPageSchema = z.object({
  items: z.array(kycReviewSchema),
  nextCursor: z.string().nullable(),
});
export type KycReviewPage = z.infer<typeof kycReviewPageSchema>;

// ---- Support

export const supportStatusFilterSchema = z.enum(["all", "open", "answered", "closed"]);
export type SupportStatusFilter = z.infer<typeof supportStatusFilterSchema>;

/** `GET /api/admin/support`: open requests oldest first (the inbox); any other filter newest first. */
export const listSupportRequestsQuerySchema = z.object({
  status: supportStatusFilterSchema.default("open"),
  cursor,
  limit: pageLimit,
});
export type ListSupportRequestsQuery = z.input<typeof listSupportRequestsQuerySchema>;

export const SUPPORT_REPLY_MAX_LENGTH = 4000;

/** `POST /api/admin/support/:requestId/reply`: plain text, its lines kept; mailed and notified. */
export const supportReplyBodySchema = z.object({
  message: z
    .string()
    .overwrite(withLineFeeds)
    .trim()
    .check(plainMultilineText)
    .min(1, { error: adminMessages.replyRequired })
    .max(SUPPORT_REPLY_MAX_LENGTH, { error: adminMessages.replyTooLong }),
});
export type SupportReplyBody = z.infer<typeof supportReplyBodySchema>;

export const supportReplySchema = z.object({
  id: z.uuid(),
  message: z.string(),
  staff: personSchema,
  createdAt: z.iso.datetime(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** A support request as staff see it: its customer and every reply, oldest first. */
export const adminSupportRequestSchema = supportRequestSchema.extend({
  customer: customerRefSchema,
  replies: z.array(supportReplySchema),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequestSchema>;

export const adminSupportPageSchema = z.object({
  items: z.array(adminSupportRequestSchema),
  nextCursor: z.string().nullable(),
});
export type AdminSupportPage = z.infer<typeof adminSupportPageSchema>;

export const adminSupportRequestResponseSchema = z.object({ request: adminSupportRequestSchema });
export type AdminSupportRequestResponse = z.infer<typeof adminSupportRequestResponseSchema>;

// ---- Books

const countAndSum = z.object({ count: z.number().int().nonnegative(), sumSats: satsSchema });

/** A credited deposit whose block left the best chain: the customer keeps the credit until staff decide. */
export const reorgedDepositSchema = z.object({
  txid: z.string(),
  vout: z.number().int().nonnegative(),
  address: z.string(),
  valueSats: satsSchema,
  customer: customerRefSchema,
  creditedAt: z.iso.datetime().nullable(),
  reorgedAt: z.iso.datetime(),
  /** The deposit is back in a block of the best chain. */
  inChainAgain: z.boolean(),
});
export type ReorgedDeposit = z.infer<typeof reorgedDepositSchema>;

/** `GET /api/admin/books`: every invariant of the books, and the chain follower against the backend. */
export const booksSchema = z.object({
  checkedAt: z.iso.datetime(),
  /** Every check below holds. */
  ok: z.boolean(),
  ledger: z.object({
    /** The balances sum to zero (`totalSats` "0"). */
    booksBalanced: z.boolean(),
    /** Every balance summed: "0" in double-entry books; may be negative text when broken. */
    totalSats: z.string(),
    negativeCustomerAccounts: z.number().int().nonnegative(),
    /** Accounts whose balance is not the sum of their transfers. */
    mismatchedAccounts: z.number().int().nonnegative(),
  }),
  hotWallet: z.object({
    /** What the ledger says the hot wallet holds. */
    ledgerSats: z.string(),
    /** Its coins that are the bank's: available, locked by a payout, or missing (reorganised out). */
    coinsSats: z.string(),
    matches: z.boolean(),
    coins: z.object({ availableSats: satsSchema, lockedSats: satsSchema, missingSats: satsSchema }),
  }),
  reserves: z.object({
    /** The hot wallet's bitcoin as the ledger counts it. */
    reservesSats: z.string(),
    /** Customer balances plus withdrawals not yet paid out. */
    liabilitiesSats: z.string(),
    covered: z.boolean(),
  }),
  /** Withdrawals waiting for a payout (queued) and in a payout not yet confirmed (sent). */
  pendingWithdrawals: z.object({ queued: countAndSum, sent: countAndSum }),
  /** Credited deposits flagged by a reorganisation (newest first, at most 50 listed). */
  reorgedDeposits: countAndSum.extend({ items: z.array(reorgedDepositSchema) }),
  chain: z.object({
    backend: z.enum(["bitcoind", "esplora"]),
    /** The last block the follower processed (null before the first). */
    follower: z
      .object({ height: z.number().int().nonnegative(), hash: z.string(), processedAt: z.iso.datetime() })
      .nullable(),
    /** The backend's best block, or why it could not be asked (not an error of this endpoint). */
    tip: z.discriminatedUnion("available", [
      z.object({ available: z.literal(true), height: z.number().int().nonnegative(), hash: z.string() }),
      z.object({ available: z.literal(false), reason: z.string() }),
    ]),
    /** Blocks the follower is behind the backend's tip; null when either is unknown. */
    lagBlocks: z.number().int().nullable(),
  }),
});
export type Books = z.infer<typeof booksSchema>;

// ---- Audit log

/** What a member of staff did: one code per action. */
export const auditActionSchema = z.enum([
  "customer.deactivated",
  "customer.reactivated",
  "customer.messaged",
  "kyc.decided",
  "kyc.overridden",
  "support.replied",
  "support.closed",
  "transactions.exported",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditActionLabels = {
  "customer.deactivated": "Deactivated a customer",
  "customer.reactivated": "Reactivated a customer",
  "customer.messaged": "Sent a customer a message",
  "kyc.decided": "Decided a KYC submission",
  "kyc.overridden": "Overrode an automated KYC decision",
  "support.replied": "Replied to a support request",
  "support.closed": "Closed a support request",
  "transactions.exported": "Exported transactions (CSV)",
} as const satisfies Record<AuditAction, string>;

/** What an action was done to. */
export const auditTargetTypeSchema = z.enum([
  "customer",
  "kyc_submission",
  "support_request",
  "transactions",
]);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

/** One entry of the audit log: who, what (and to what), when, from where, why. Never changed. */
export const auditEventSchema = z.object({
  /** Increasing with time: a decimal string. */
  id: z.string(),
  action: auditActionSchema,
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  target: z.object({ type: auditTargetTypeSchema, id: z.string().nullable() }),
  /** The customer the action concerned, if any. */
  customer: customerRefSchema.nullable(),
  /** The request's client address and browser; null for an action not made over HTTP (the seed). */
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The reason staff gave, when one was asked for or given. */
  reason: z.string().nullable(),
  /** The action's particulars (the decision, the filters of an export, ...). */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * `GET /api/admin/audit`: newest first, keyset pages. `actor` (a staff id), `action`, `target` (a target's
 * id or the concerned customer's id) filter exactly; `q` matches the reason, the target id, and the
 * actor's or the customer's name and email anywhere.
 */
export const listAuditEventsQuerySchema = z.object({
  actor: z.uuid().optional(),
  action: auditActionSchema.optional(),
  target: z.string().trim().check(plainText).max(100).optional(),
  q: search,
  cursor,
  limit: pageLimit,
});
export type ListAuditEventsQuery = z.input<typeof listAuditEventsQuerySchema>;

export const auditEventPageSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

// ---- User Details

/** `GET /api/admin/customers/:userId`: User Details. */
export const customerDetailsSchema = z.object({
  customer: adminCustomerSchema.extend({
    phone: z.string().nullable(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  }),
  kyc: z.object({
    /** 0: signed up; 1: identity and address verified; 2: enhanced verification. */
    level: z.number().int().min(0).max(2),
    items: z.array(adminKycItemSchema),
  }),
  /** The newest transactions, at most 10. */
  recentTransactions: z.array(adminTransactionSchema),
  /** The newest sign-in attempts, at most 50. */
  loginHistory: z.array(loginHistoryEntrySchema),
  /** The newest staff actions about this customer, at most 20 (why they were deactivated, ...). */
  auditEvents: z.array(auditEventSchema),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;
