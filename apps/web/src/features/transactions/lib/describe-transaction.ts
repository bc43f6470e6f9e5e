import { formatBtc, type Transaction } from "@satsbank/shared";
import type { ConfirmationPace } from "@/lib/api/meta";

/** How many characters of an address a row shows before "...". */
const ADDRESS_PREVIEW_LENGTH = 8;

/** "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" -> "bc1qcr8t...". */
export function shortAddress(address: string): string {
  return address.length > ADDRESS_PREVIEW_LENGTH ? `${address.slice(0, ADDRESS_PREVIEW_LENGTH)}...` : address;
}

/**
 * The row's title: "Sent to alice" / "Received from bob" for another customer, else the first 8
 * characters of the address followed by "...". A receive's address is always the customer's own deposit
 * address (the bank does not know who paid it), so a deposit reads "Received to your address bcrt1qw5...".
 */
export function counterpartyText(transaction: Pick<Transaction, "type" | "counterparty">): string {
  const { username, address } = transaction.counterparty;
  if (transaction.type === "send") {
    if (username) return `Sent to ${username}`;
    if (address) return `Sent to ${shortAddress(address)}`;
    return "Sent";
  }
  if (username) return `Received from ${username}`;
  if (address) return `Received to your address ${shortAddress(address)}`;
  return "Received";
}

/** A deposit from the chain: a receive to the customer's own address from no customer of the bank. */
export function isDeposit(transaction: Pick<Transaction, "type" | "counterparty">): boolean {
  return (
    transaction.type === "receive" &&
    transaction.counterparty.username === null &&
    transaction.counterparty.address !== null
  );
}

/**
 * What a send cost beyond its amount, for the row: "Fee 0.00001000 BTC" (a withdrawal's network fee), so
 * the rows add up to the balance; null when there is none (a transfer inside the bank, a receive).
 */
export function rowFeeText(transaction: Pick<Transaction, "type" | "feeSats">): string | null {
  const fee = BigInt(transaction.feeSats);
  if (transaction.type !== "send" || fee === 0n) return null;
  return `Fee ${formatBtc(fee)} BTC`;
}

/** "-0.00031000 BTC": what a send took from the balance, amount and fee. */
export function totalText(transaction: Pick<Transaction, "amountSats" | "feeSats">): string {
  return `-${formatBtc(BigInt(transaction.amountSats) + BigInt(transaction.feeSats))} BTC`;
}

/** "about 20 min left": the blocks still to come at the network's average pace, rounded up to a minute. */
function waitText(blocksLeft: number, blockIntervalSeconds: number | null): string | null {
  if (blockIntervalSeconds === null || blocksLeft < 1) return null;
  const minutes = Math.ceil((blocksLeft * blockIntervalSeconds) / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest === 0 ? "" : ` ${rest} min`} left`;
}

/**
 * "1 of 3 confirmations, about 20 min left": how far a pending chain transaction (a deposit, a withdrawal's
 * payout) is from counting, against the bank's CONFIRMATIONS, and the wait the network's average block time
 * suggests (none when blocks come on demand); null when it is not pending, has no chain transaction yet, or
 * the figures are not known.
 */
export function confirmationProgressText(
  transaction: Pick<Transaction, "status" | "txid" | "confirmations">,
  pace: ConfirmationPace | undefined,
): string | null {
  const { confirmations } = transaction;
  if (transaction.status !== "pending" || transaction.txid === null || confirmations === null) return null;
  if (pace === undefined) return null;
  const { required } = pace;
  const shown = Math.min(confirmations, required);
  const progress = `${shown} of ${required} ${required === 1 ? "confirmation" : "confirmations"}`;
  const wait = waitText(required - shown, pace.blockIntervalSeconds);
  return wait === null ? progress : `${progress}, ${wait}`;
}

/** "+0.00100000 BTC" for a receive, "-0.00100000 BTC" for a send. */
export function signedAmountText(transaction: Pick<Transaction, "type" | "amountSats">): string {
  return `${transaction.type === "send" ? "-" : "+"}${formatBtc(BigInt(transaction.amountSats))} BTC`;
}

/** "3", or for a chain transaction not yet in a block "0 (waiting in the mempool)". */
export function confirmationsText(confirmations: number): string {
  return confirmations === 0 ? "0 (waiting in the mempool)" : String(confirmations);
}
