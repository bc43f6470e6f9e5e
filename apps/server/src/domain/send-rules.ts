import { belowDustText, insufficientFundsText, sendMessages } from "@satsbank/shared";
import { type Sats, sats } from "./money.js";

/** Where a send goes: another customer (a transfer inside the bank) or an outside address (a withdrawal). */
export type SendKind = "transfer" | "withdrawal";

/**
 * What a send of `kind` costs besides its amount: nothing inside the bank, the withdrawal fee
 * (WITHDRAWAL_FEE_SAT) on the chain.
 */
export function sendFee(kind: SendKind, withdrawalFee: Sats): Sats {
  return kind === "withdrawal" ? withdrawalFee : sats(0n);
}

/** The most a send of that fee can move: the balance less the fee, never below zero. */
export function spendableAmount(balance: Sats, fee: Sats): Sats {
  return balance > fee ? sats(balance - fee) : sats(0n);
}

/** What a send costs in all: its amount, its fee, and what leaves the balance (amount + fee). */
export function sendCost(amount: Sats, fee: Sats): { fee: Sats; total: Sats } {
  return { fee, total: sats(amount + fee) };
}

/** What is wrong with an amount: its reason and the text the amount field shows. */
export type AmountProblem = { reason: "invalidAmount" | "insufficientFunds" | "belowDust"; text: string };

/**
 * The amount field's problem, if any: zero is not an amount, a withdrawal below the dust limit of its
 * address (`dustLimit`: null inside the bank) could never be relayed ("The smallest amount you can send to
 * this address is 0.00000294 BTC"), and more than the spendable amount says how much can be sent, naming
 * the fee that comes out of the balance too ("You can only send up to 0.00745000 BTC (after the 0.00001000
 * BTC network fee)").
 */
export function amountProblem(
  amount: bigint,
  spendable: Sats,
  dustLimit: bigint | null = null,
  fee: Sats = sats(0n),
): AmountProblem | null {
  if (amount <= 0n) return { reason: "invalidAmount", text: sendMessages.invalidAmount.text };
  if (dustLimit !== null && amount < dustLimit)
    return { reason: "belowDust", text: belowDustText(dustLimit) };
  if (amount > spendable) return { reason: "insufficientFunds", text: insufficientFundsText(spendable, fee) };
  return null;
}
