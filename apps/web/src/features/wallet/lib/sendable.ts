import { recipientIsAddress, type SendRecipient, type WalletSummary } from "@satsbank/shared";

/** The wallet summary's figures that bound what the send form lets through. */
export type SendableFigures = Pick<
  WalletSummary,
  "balanceSats" | "spendableSats" | "withdrawalFeeSats" | "sendLimit"
>;

/**
 * The network fee of a send to the recipient: the server's answer once it looked the recipient up (none
 * inside the bank, even to a customer's deposit address; the withdrawal fee outside). Until then, text
 * meant as an address is assumed to be an outside one, so that Max never fills in an amount a withdrawal
 * would refuse; a username or a half-typed recipient costs nothing.
 */
export function sendFeeSats(
  figures: Pick<WalletSummary, "withdrawalFeeSats">,
  recipient: string,
  known: Pick<SendRecipient, "feeSats"> | undefined,
): bigint {
  if (known) return BigInt(known.feeSats);
  return recipientIsAddress(recipient) ? BigInt(figures.withdrawalFeeSats) : 0n;
}

/**
 * The most that can be sent with that fee: the balance less the fee, never below zero, never above the
 * spendable amount ("Available"). The form's funds check and "You can only send up to" say it.
 */
export function sendableSats(figures: SendableFigures, feeSats: bigint): bigint {
  const spendable = BigInt(figures.spendableSats);
  if (feeSats === 0n) return spendable;
  const afterFee = BigInt(figures.balanceSats) - feeSats;
  if (afterFee <= 0n) return 0n;
  return afterFee < spendable ? afterFee : spendable;
}

/** What is left of today's (rolling 24-hour) send limit, or null when the summary has no limit to show. */
export function leftTodaySats(figures: Pick<WalletSummary, "sendLimit">): bigint | null {
  return figures.sendLimit === null ? null : BigInt(figures.sendLimit.remainingSats);
}

/**
 * What Max fills in: everything that can go with that fee ("everything, fee included": the amount and the
 * fee together are the balance), and no more than is left of today's limit, so Max never fills in an
 * amount the form (or the server) refuses.
 */
export function maxSendSats(figures: SendableFigures, feeSats: bigint): bigint {
  const sendable = sendableSats(figures, feeSats);
  const left = leftTodaySats(figures);
  return left !== null && left < sendable ? left : sendable;
}
