import { recipientIsAddress, type WalletSummary } from "@satsbank/shared";

/** The wallet summary's figures that bound what the send form lets through. */
export type SendableFigures = Pick<
  WalletSummary,
  "balanceSats" | "spendableSats" | "withdrawalFeeSats" | "sendLimit"
>;

/**
 * The most the form lets the customer send to the recipient as typed: "Available", Max and the funds check.
 * To a username it is the spendable amount. To an address it is the balance less the withdrawal fee (never
 * below zero, never above the spendable amount): only the server knows whether the address is another
 * customer's, which makes the send a free transfer, so the form assumes the fee and Max never fills in an
 * amount a withdrawal would refuse. An empty or half-typed recipient is no address yet.
 */
export function sendableSats(figures: SendableFigures, recipient: string): bigint {
  const spendable = BigInt(figures.spendableSats);
  if (!recipientIsAddress(recipient)) return spendable;
  const afterFee = BigInt(figures.balanceSats) - BigInt(figures.withdrawalFeeSats);
  if (afterFee <= 0n) return 0n;
  return afterFee < spendable ? afterFee : spendable;
}

/** What is left of today's (rolling 24-hour) send limit, or null when the summary has no limit to show. */
export function leftTodaySats(figures: Pick<WalletSummary, "sendLimit">): bigint | null {
  return figures.sendLimit === null ? null : BigInt(figures.sendLimit.remainingSats);
}

/**
 * What Max fills in: what can be sent to the recipient as typed, and no more than is left of today's
 * limit, so Max never fills in an amount the form (or the server) refuses.
 */
export function maxSendSats(figures: SendableFigures, recipient: string): bigint {
  const sendable = sendableSats(figures, recipient);
  const left = leftTodaySats(figures);
  return left !== null && left < sendable ? left : sendable;
}
