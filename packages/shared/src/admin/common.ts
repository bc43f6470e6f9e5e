import { z } from "zod";
import { kycDocumentSchema } from "../kyc.js";
import { pageLimitSchema } from "../lists.js";
import { plainText } from "../text.js";

// What several tabs of the staff dashboard share. Every staff endpoint is staff only (401 signed out, 403
// for a customer) and every action staff take is written to the audit log in the action's own db transaction.

/** How many rows a staff table shows at a time, unless the request asks otherwise (at most 100). */
export const ADMIN_PAGE_SIZE = 20;

/** A staff list's `limit` (or `pageSize`). */
export const adminPageLimitSchema = pageLimitSchema(ADMIN_PAGE_SIZE);

/** A member of staff, as a row names them. */
export const personSchema = z.object({ id: z.uuid(), name: z.string() });

/** The customer a row is about, as staff tables name them. */
export const customerRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
});
export type CustomerRef = z.infer<typeof customerRefSchema>;

/** A customer's KYC document as staff see it: `url` is the authorised download (GET, staff or owner). */
export const adminKycDocumentSchema = kycDocumentSchema.extend({
  /** `/api/kyc/documents/<id>`: the file, as an attachment. */
  url: z.string(),
});
export type AdminKycDocument = z.infer<typeof adminKycDocumentSchema>;

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
