import { recipientIsAddress, type WalletSummary } from "@satsbank/shared";

/** The wallet summary's figures that bound what the send form lets through. */
export type SendableFigures = Pick<WalletSummary, "balanceSats" | "spendableSats" | "withdrawalFeeSats">;

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
