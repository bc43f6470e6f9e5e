import { z } from "zod";
import { type AccountType, accountTypeSchema } from "../auth.js";
import { kycItemStatusSchema } from "../kyc.js";
import { searchTextSchema } from "../lists.js";
import { satsSchema } from "../money.js";
import { adminPageLimitSchema, staffReasonSchema } from "./common.js";

// Banking Customers: the table of customers, and deactivating or reactivating one.

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
  q: searchTextSchema,
  sort: customerSortSchema.default("joinedAt"),
  order: sortOrderSchema.default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: adminPageLimitSchema,
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

/** An offset page of Banking Customers (the one staff list that is not a keyset page: it jumps to a page). */
export const customerPageSchema = z.object({
  items: z.array(adminCustomerSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Every customer the search matches, across pages. */
  total: z.number().int().nonnegative(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** `POST /api/admin/customers/:userId/deactivate` and `/reactivate`. */
export const customerStatusBodySchema = z.object({ reason: staffReasonSchema });
export type CustomerStatusBody = z.infer<typeof customerStatusBodySchema>;

export const adminCustomerResponseSchema = z.object({ customer: adminCustomerSchema });
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponseSchema>;
