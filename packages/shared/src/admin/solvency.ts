import { z } from "zod";
import { satsSchema } from "../money.js";
import { passkeyApprovalSchema } from "../passkeys.js";
import { staffReasonSchema } from "./common.js";

// The solvency watchdog (Books): the last check of the books against the chain, and the pause of payouts.

/** One problem a check found: `code` for code (e.g. `reserves_short`, `coin_missing`), `message` for staff. */
export const solvencyProblemSchema = z.object({ code: z.string(), message: z.string() });
export type SolvencyProblem = z.infer<typeof solvencyProblemSchema>;

/**
 * `GET /api/admin/solvency`: the watchdog's last check (the worker checks after every follower pass and
 * every payout) and whether payouts are paused. Before the first check: `checkedAt` null, `ok` false, no
 * problems, figures "0", not paused.
 */
export const solvencySchema = z.object({
  /** The last check found no problem. */
  ok: z.boolean(),
  checkedAt: z.iso.datetime().nullable(),
  /** Every customer balance, withdrawals on their way and deposits held: what the bank owes. */
  liabilitiesSats: satsSchema,
  /** Coins the chain backend shows (never the ledger's idea of them): hot wallet, cold vault, both. */
  reserves: z.object({ hotSats: satsSchema, vaultSats: satsSchema, totalSats: satsSchema }),
  problems: z.array(solvencyProblemSchema),
  /** Payouts wait (queued withdrawals stay queued; a new withdrawal answers 503). */
  paused: z.boolean(),
  pausedSince: z.iso.datetime().nullable(),
  /**
   * Staff resumed payouts by hand while the current problems stood (they run until a check finds other
   * problems); null otherwise.
   */
  resumed: z
    .object({
      by: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
      at: z.iso.datetime(),
      reason: z.string(),
    })
    .nullable(),
});
export type Solvency = z.infer<typeof solvencySchema>;

/** `POST /api/admin/solvency/resume`: staff resume paused payouts by hand, with a reason (audited). */
export const resumePayoutsBodySchema = z
  .object({
    reason: staffReasonSchema,
    /** Staff with a passkey: a fresh assertion over this resumption (step-up), as an approval's. */
    approval: passkeyApprovalSchema.optional(),
  })
  .strict();
export type ResumePayoutsBody = z.infer<typeof resumePayoutsBodySchema>;

/**
 * `POST /api/admin/books/deposits/:txid/:vout/reverse` and `/absorb`: staff resolve a reorganised deposit
 * that did not come back, with a reason (audited). Reverse: the amount held is taken back from the
 * customer (who is told why); absorb: the hold is released and the bank bears the loss.
 */
export const resolveDepositBodySchema = z.object({ reason: staffReasonSchema }).strict();
export type ResolveDepositBody = z.infer<typeof resolveDepositBodySchema>;

export const solvencyMessages = {
  notPaused: "Payouts are not paused.",
  depositNotFound: "No such deposit.",
  depositNotOpen:
    "This deposit is not waiting for staff: it was never reorganised out, it is back in a block, or it was resolved already.",
} as const;
