import { z } from "zod";
import { loginHistoryEntrySchema } from "../account.js";
import { keysetCursorSchema, keysetPageSchema } from "../lists.js";
import { satsSchema } from "../money.js";
import { passkeyApprovalSchema } from "../passkeys.js";
import { withdrawalStateLabels } from "../transactions.js";
import { adminPageLimitSchema, customerRefSchema, personSchema, staffReasonSchema } from "./common.js";

// The Approvals tab (issue 19): withdrawals that wait for staff, oldest first, with what a member of staff
// needs to decide them; approve (four eyes above the dual amount) or reject with a reason the customer reads.

/** A withdrawal's status on the server (its history row shows a `WithdrawalState` made of it). */
export const withdrawalStatusSchema = z.enum([
  "held",
  "awaiting_approval",
  "queued",
  "sent",
  "completed",
  "failed",
  "cancelled",
  "rejected",
]);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

/** Why a withdrawal waits for staff. */
export const withdrawalReviewReasonSchema = z.enum(["amount", "dual_amount", "velocity"]);
export type WithdrawalReviewReason = z.infer<typeof withdrawalReviewReasonSchema>;

export const withdrawalReviewReasonLabels = {
  amount: "Above the review amount",
  dual_amount: "Above the dual-approval amount: two members of staff",
  velocity: "More withdrawals this hour than the customer's allowance",
} as const satisfies Record<WithdrawalReviewReason, string>;

/** The Approvals tab lists withdrawals awaiting approval; held ones can be looked at too. */
export const approvalsFilterSchema = z.enum(["awaiting_approval", "held"]);
export type ApprovalsFilter = z.infer<typeof approvalsFilterSchema>;

export const approvalsFilterLabels = {
  awaiting_approval: withdrawalStateLabels.awaiting_approval,
  held: "Held (new address)",
} as const satisfies Record<ApprovalsFilter, string>;

/** `GET /api/admin/withdrawals?status=awaiting_approval`: oldest first, keyset pages. */
export const listAdminWithdrawalsQuerySchema = z.object({
  status: approvalsFilterSchema.default("awaiting_approval"),
  cursor: keysetCursorSchema,
  limit: adminPageLimitSchema,
});
export type ListAdminWithdrawalsQuery = z.input<typeof listAdminWithdrawalsQuerySchema>;

/** One member of staff's decision on a withdrawal. */
export const withdrawalDecisionSchema = z.object({
  staff: personSchema,
  decision: z.enum(["approved", "rejected"]),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WithdrawalDecision = z.infer<typeof withdrawalDecisionSchema>;

/** What staff see of the customer to decide: who they are, how they usually move money, where it goes. */
export const withdrawalContextSchema = z.object({
  /** 0 signed up, 1 identity and address verified, 2 enhanced too. */
  kycLevel: z.number().int().min(0).max(2),
  accountCreatedAt: z.iso.datetime(),
  /** The customer's last sends, newest first. */
  recentSends: z.array(
    z.object({
      id: z.uuid(),
      amountSats: satsSchema,
      /** The payee's username, or the outside address. */
      to: z.string().nullable(),
      status: z.enum(["completed", "pending", "failed"]),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** The customer's last sign-ins, newest first, as their login history shows them. */
  recentSignIns: z.array(loginHistoryEntrySchema),
  /** Earlier withdrawals to this address that went out: by this customer, and by other customers. */
  addressHistory: z.object({
    byCustomer: z.number().int().nonnegative(),
    byOthers: z.number().int().nonnegative(),
    firstPaidAt: z.iso.datetime().nullable(),
  }),
});
export type WithdrawalContext = z.infer<typeof withdrawalContextSchema>;

/** A withdrawal as the Approvals tab shows it. */
export const adminWithdrawalSchema = z.object({
  id: z.uuid(),
  customer: customerRefSchema,
  address: z.string(),
  amountSats: satsSchema,
  feeSats: satsSchema,
  status: withdrawalStatusSchema,
  approvalsNeeded: z.number().int().min(0).max(2),
  reviewReason: withdrawalReviewReasonSchema.nullable(),
  heldUntil: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  decisions: z.array(withdrawalDecisionSchema),
  context: withdrawalContextSchema,
  createdAt: z.iso.datetime(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalPageSchema = keysetPageSchema(adminWithdrawalSchema);
export type AdminWithdrawalPage = z.infer<typeof adminWithdrawalPageSchema>;

/** `POST /api/admin/withdrawals/:withdrawalId/reject`: the reason is shown to the customer. */
export const withdrawalRejectBodySchema = z.object({ reason: staffReasonSchema });

/**
 * `POST /api/admin/withdrawals/:withdrawalId/approve`: staff with a passkey approve with a fresh assertion
 * over this approval (step-up; without it: 403 PASSKEY_REQUIRED and the challenge to sign).
 */
export const withdrawalApproveBodySchema = z.object({ approval: passkeyApprovalSchema.optional() });
export type WithdrawalApproveBody = z.infer<typeof withdrawalApproveBodySchema>;
export type WithdrawalRejectBody = z.infer<typeof withdrawalRejectBodySchema>;

/** What approve and reject answer: the withdrawal as it now stands. */
export const withdrawalDecisionResponseSchema = z.object({
  withdrawal: z.object({
    id: z.uuid(),
    status: withdrawalStatusSchema,
    approvalsNeeded: z.number().int().min(0).max(2),
    approvals: z.number().int().nonnegative(),
  }),
});
export type WithdrawalDecisionResponse = z.infer<typeof withdrawalDecisionResponseSchema>;

export const withdrawalDecisionTexts = {
  notFound: "This withdrawal was not found.",
  notAwaiting: "This withdrawal is not waiting for approval.",
  alreadyDecided:
    "You have already decided this withdrawal: a second approval must come from another member of staff.",
} as const;
