import { insufficientFundsText, sendMessages } from "@satsbank/shared";
import { type Sats, sats } from "./money.js";

/** Inside the bank there is no network fee: a customer can move their whole balance. */
export function spendableForTransfer(balance: Sats): Sats {
  return balance;
}

/** What a transfer to another customer costs: the amount, no fee. */
export function internalTransferCost(amount: Sats): { fee: Sats; total: Sats } {
  return { fee: sats(0n), total: amount };
}

/** What is wrong with an amount: its reason and the text the amount field shows. */
export type AmountProblem = { reason: "invalidAmount" | "insufficientFunds"; text: string };

/**
 * The amount field's problem, if any: zero is not an amount, and more than the spendable balance says
 * how much can be sent ("You can only send up to 0.00746 BTC").
 */
export function amountProblem(amount: bigint, spendable: Sats): AmountProblem | null {
  if (amount <= 0n) return { reason: "invalidAmount", text: sendMessages.invalidAmount.text };
  if (amount > spendable) return { reason: "insufficientFunds", text: insufficientFundsText(spendable) };
  return null;
}
