import { dustLimitOf } from "../../bitcoin/dust.js";
import { outputScript } from "../../bitcoin/payout-transaction.js";
import type { Sats } from "../../domain/money.js";
import { HOUR_MS } from "../../domain/withdrawal-policy.js";
import type { OwnAddressFacts } from "../addresses/index.js";
import { notices, noticeValues, withdrawalNotices } from "../notifications/index.js";
import type { WalletContext } from "./context.js";
import type { WithdrawalTerms } from "./send-refusals.js";

// What the TypeScript rules decide for wallet_send() (drizzle/0040), computed before the call: the
// notices' words and which settings email them, and for a send to an address (a withdrawal unless it is a
// customer's) its fee, dust limit, the withdrawal policy and the three notices of where it stands.

/** Where the payee's username stands in the sent notice's words: wallet_send() puts it in. */
const PAYEE = "\u0001";

/** The transfer's two notices: the sender's (sent), then the payee's (received). */
export function transferNotices(amount: Sats, senderUsername: string) {
  return [
    noticeValues(notices.transferSent({ amount, to: PAYEE })),
    noticeValues(notices.transferReceived({ amount, from: senderUsername })),
  ];
}

/** A withdrawal's fee and its address's dust limit (an address that is a customer's: ignored). */
export function withdrawalTerms(
  ctx: Pick<WalletContext, "walletKeys" | "withdrawalFeeSats">,
  address: string,
) {
  return { fee: ctx.withdrawalFeeSats, dustLimit: dustLimitOf(outputScript(address, ctx.walletKeys)) };
}

/**
 * wallet_send()'s `p_withdrawal`: the terms, where the address sits among the bank's own (`own`), the
 * policy as its thresholds (gateWithdrawal's, mirrored there), the key as a passkey approval signs it, and
 * the notices of a withdrawal held, in review (one approval, two) and queued.
 */
export function withdrawalValues({
  ctx,
  address,
  amount,
  terms,
  own,
  at,
  idempotencyKey,
}: {
  ctx: Pick<WalletContext, "withdrawalPolicy">;
  address: string;
  amount: Sats;
  terms: WithdrawalTerms;
  own: OwnAddressFacts;
  at: Date;
  idempotencyKey: string;
}): Record<string, unknown> {
  const policy = ctx.withdrawalPolicy;
  const heldUntil = new Date(at.getTime() + policy.newAddressHoldMs);
  const withdrawal = { amount, fee: terms.fee, address };
  return {
    fee: terms.fee.toString(),
    dustLimit: terms.dustLimit?.toString() ?? null,
    ...own,
    holdMs: policy.newAddressHoldMs,
    heldUntil: heldUntil.toISOString(),
    reviewSats: policy.reviewSats.toString(),
    dualSats: policy.dualApprovalSats.toString(),
    perHour: policy.perHourReview,
    hourAgo: new Date(at.getTime() - HOUR_MS).toISOString(),
    keyText: idempotencyKey,
    notices: {
      held: noticeValues(withdrawalNotices.held({ ...withdrawal, until: heldUntil })),
      review1: noticeValues(withdrawalNotices.inReview({ ...withdrawal, approvals: 1 })),
      review2: noticeValues(withdrawalNotices.inReview({ ...withdrawal, approvals: 2 })),
      queued: noticeValues(notices.withdrawalQueued(withdrawal)),
    },
  };
}
