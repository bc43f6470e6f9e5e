import { z } from "zod";
import { loginHistoryEntrySchema } from "../account.js";
import { kycItemSchema } from "../kyc.js";
import { passkeySchema } from "../passkeys.js";
import { auditEventSchema } from "./audit.js";
import { adminKycDocumentSchema } from "./common.js";
import { adminCustomerSchema } from "./customers.js";
import { adminTransactionSchema } from "./transactions.js";

// User Details: one customer as staff see them, opened from Banking Customers.

/** One KYC item of User Details with the documents of the submission that set it. */
export const adminKycItemSchema = kycItemSchema.extend({ documents: z.array(adminKycDocumentSchema) });
export type AdminKycItem = z.infer<typeof adminKycItemSchema>;

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
  /**
   * The customer's passkeys, newest first: what signs them in and approves their withdrawals; a blocked
   * one (`flagged`: its signature counter went backwards, a copy may exist) is for staff to look into.
   */
  passkeys: z.array(passkeySchema),
  /** The newest staff actions about this customer, at most 20 (why they were deactivated, ...). */
  auditEvents: z.array(auditEventSchema),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;
