import { AMOUNT_INPUT_PATTERN, BTC_DECIMALS } from "@satsbank/shared";

/**
 * Whether the amount field may hold `text` as the person types or pastes it: digits with at most one
 * decimal point (the specification's rule) and no more decimals than a satoshi has.
 */
export function isAmountInput(text: string): boolean {
  if (!AMOUNT_INPUT_PATTERN.test(text)) return false;
  const point = text.indexOf(".");
  return point === -1 || text.length - point - 1 <= BTC_DECIMALS;
}
