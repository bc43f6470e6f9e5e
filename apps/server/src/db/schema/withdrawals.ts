import { withdrawalReviewReasonSchema, withdrawalStatusSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz, values } from "./columns.js";
import { walletTransactions } from "./transactions.js";

// Owned by the withdrawals module: customers' sends to outside addresses, the withdrawal policy's staff
// approvals, and the payouts that pay them on the chain.

export const payoutStatuses = [
  // Signed and recorded, not yet accepted by the chain backend: the worker (re)broadcasts these bytes.
  "signed",
  // Accepted by the chain backend; waiting for CONFIRMATIONS.
  "broadcast",
  // CONFIRMATIONS deep: its withdrawals are completed and the ledger settled.
  "confirmed",
  // Refused for good by the network: its withdrawals were reversed and its coins freed.
  "failed",
] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutPurposes = [
  // Pays queued withdrawals.
  "withdrawals",
  // Moves the hot wallet's excess over HOT_WALLET_MAX_SATS to the cold vault (no withdrawal).
  "sweep",
] as const;
export type PayoutPurpose = (typeof payoutPurposes)[number];

/**
 * The bank's own chain transactions: each pays one or more withdrawals (a batch) from the hot wallet's
 * coins, with change back to the wallet's internal chain. Recorded, signed, before it is broadcast, so a
 * crash in between sends the same bytes again, never a new transaction.
 */
export const payouts = pgTable(
  "payouts",
  {
    txid: text("txid").primaryKey(),
    /** The signed transaction, raw hex: what is (re)broadcast. */
    hex: text("hex").notNull(),
    status: text("status", { enum: payoutStatuses }).notNull(),
    /** What it pays: withdrawals, or a sweep to the cold vault. */
    purpose: text("purpose", { enum: payoutPurposes }).notNull().default("withdrawals"),
    /** What the miners get: inputs minus outputs. */
    minerFeeSats: bigint("miner_fee_sats", { mode: "bigint" }).notNull(),
    vsize: integer("vsize").notNull(),
    /** The change output back to the hot wallet, if any (below the dust limit it goes to the miners). */
    changeVout: integer("change_vout"),
    changeSats: bigint("change_sats", { mode: "bigint" }),
    changeAddress: text("change_address"),
    changeIndex: integer("change_index"),
    /** The best-chain block holding it, as the chain backend last said. */
    blockHeight: integer("block_height"),
    /** Why the network refused it, in the backend's words (status failed). */
    failure: text("failure"),
    createdAt: timestamptz("created_at").notNull(),
    broadcastAt: timestamptz("broadcast_at"),
    confirmedAt: timestamptz("confirmed_at"),
  },
  (t) => [
    index("payouts_status_idx").on(t.status),
    // A send to the bank's own change address is refused: the addresses module looks the address up here.
    index("payouts_change_address_idx").on(t.changeAddress).where(sql`${t.changeAddress} is not null`),
    check("payouts_status_check", sql`${t.status} in (${quoted(payoutStatuses)})`),
    check("payouts_purpose_check", sql`${t.purpose} in (${quoted(payoutPurposes)})`),
    check("payouts_miner_fee_check", sql`${t.minerFeeSats} > 0`),
    check(
      "payouts_change_check",
      sql`(${t.changeVout} is null) = (${t.changeSats} is null) and (${t.changeSats} is null or ${t.changeSats} > 0)`,
    ),
  ],
);

// Why a withdrawal waits for staff: above WITHDRAWAL_REVIEW_SATS ("amount": one approval), above
// WITHDRAWAL_DUAL_APPROVAL_SATS ("dual_amount": two, by different members of staff), or more than
// WITHDRAWALS_PER_HOUR_REVIEW withdrawals by the customer within the hour ("velocity"). The shared contract's.
export const withdrawalReviewReasons = values(withdrawalReviewReasonSchema);
export type WithdrawalReviewReason = (typeof withdrawalReviewReasons)[number];

// Where a withdrawal stands (the shared contract's `withdrawalStatusSchema`): held (a first withdrawal to
// an address, until `held_until`; the customer may cancel), awaiting_approval (`approvals_needed` staff
// approvals by different members of staff; a rejection gives the money back), queued (posted and released:
// waiting for a payout), sent (in a payout, not yet CONFIRMATIONS deep), completed, failed (its payout was
// refused for good), cancelled (by the customer) or rejected (by staff). The last three gave the money back.
export const withdrawalStatuses = values(withdrawalStatusSchema);
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** A customer's send to an address outside the bank: one output of a payout. */
export const withdrawals = pgTable(
  "withdrawals",
  {
    /** The customer's history row for it (the send transaction's id). */
    id: uuid("id")
      .primaryKey()
      .references(() => walletTransactions.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    amountSats: bigint("amount_sats", { mode: "bigint" }).notNull(),
    /** The withdrawal fee charged to the customer (WITHDRAWAL_FEE_SAT when it was confirmed). */
    feeSats: bigint("fee_sats", { mode: "bigint" }).notNull(),
    status: text("status", { enum: withdrawalStatuses }).notNull(),
    payoutTxid: text("payout_txid").references(() => payouts.txid),
    payoutVout: integer("payout_vout"),
    /** Held (a first withdrawal to this address) until then; null when it was never held. */
    heldUntil: timestamptz("held_until"),
    /** Staff approvals it needs before its payout: 0, 1 (above WITHDRAWAL_REVIEW_SATS) or 2 (above the dual). */
    approvalsNeeded: smallint("approvals_needed").notNull().default(0),
    /** Why it needs approval: the amount, the dual-approval amount, or the hourly velocity. */
    reviewReason: text("review_reason", { enum: withdrawalReviewReasons }),
    /** The reason staff gave for a rejection: the customer reads it. */
    rejectionReason: text("rejection_reason"),
    createdAt: timestamptz("created_at").notNull(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    index("withdrawals_status_created_idx").on(t.status, t.createdAt),
    index("withdrawals_payout_idx").on(t.payoutTxid),
    check("withdrawals_status_check", sql`${t.status} in (${quoted(withdrawalStatuses)})`),
    // The smallest dust limit of any address type (P2WPKH's, MIN_WITHDRAWAL_SATS); a send checks its own
    // address's (bitcoin/dust.ts).
    check("withdrawals_amount_check", sql`${t.amountSats} >= 294`),
    check("withdrawals_fee_check", sql`${t.feeSats} >= 0`),
    check(
      "withdrawals_payout_check",
      sql`(${t.status} in ('held', 'awaiting_approval', 'queued', 'cancelled', 'rejected')) = (${t.payoutTxid} is null)`,
    ),
    check("withdrawals_approvals_check", sql`${t.approvalsNeeded} between 0 and 2`),
    check(
      "withdrawals_review_reason_check",
      sql`${t.reviewReason} is null or ${t.reviewReason} in (${quoted(withdrawalReviewReasons)})`,
    ),
    check("withdrawals_held_check", sql`${t.status} <> 'held' or ${t.heldUntil} is not null`),
    // Approvals and expiring holds are read oldest first by status (the Approvals tab, the release sweep).
    index("withdrawals_held_until_idx").on(t.heldUntil).where(sql`${t.status} = 'held'`),
    // The new-address check (this customer, this address) and the Approvals tab's history of an address
    // (every customer's withdrawals to it) both start from the address.
    index("withdrawals_address_user_idx").on(t.address, t.userId),
    // The hourly velocity reads one customer's latest withdrawals.
    index("withdrawals_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const approvalDecisions = ["approved", "rejected"] as const;
export type ApprovalDecision = (typeof approvalDecisions)[number];

/**
 * Staff decisions on a withdrawal awaiting approval: one per member of staff (four eyes: the same person
 * cannot approve twice), written with the withdrawal's row lock held, audited in the same db transaction.
 */
export const withdrawalApprovals = pgTable(
  "withdrawal_approvals",
  {
    withdrawalId: uuid("withdrawal_id")
      .notNull()
      .references(() => withdrawals.id),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => users.id),
    decision: text("decision", { enum: approvalDecisions }).notNull(),
    reason: text("reason"),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.withdrawalId, t.staffId] }),
    check("withdrawal_approvals_decision_check", sql`${t.decision} in (${quoted(approvalDecisions)})`),
    check("withdrawal_approvals_reason_check", sql`${t.decision} = 'approved' or ${t.reason} is not null`),
  ],
);
