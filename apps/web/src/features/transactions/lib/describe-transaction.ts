import { formatBtc, type Transaction } from "@satsbank/shared";

/** How many characters of an address a row shows before "...". */
const ADDRESS_PREVIEW_LENGTH = 8;

/** "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" -> "bc1qcr8t...". */
export function shortAddress(address: string): string {
  return address.length > ADDRESS_PREVIEW_LENGTH ? `${address.slice(0, ADDRESS_PREVIEW_LENGTH)}...` : address;
}

/**
 * The row's title: "Sent to alice" / "Received from bob" for another customer, else the first 8
 * characters of the address followed by "...".
 */
export function counterpartyText(transaction: Pick<Transaction, "type" | "counterparty">): string {
  const verb = transaction.type === "send" ? "Sent to" : "Received from";
  const { username, address } = transaction.counterparty;
  if (username) return `${verb} ${username}`;
  if (address) return `${verb} ${shortAddress(address)}`;
  return transaction.type === "send" ? "Sent" : "Received";
}

/** "+0.00100000 BTC" for a receive, "-0.00100000 BTC" for a send. */
export function signedAmountText(transaction: Pick<Transaction, "type" | "amountSats">): string {
  return `${transaction.type === "send" ? "-" : "+"}${formatBtc(BigInt(transaction.amountSats))} BTC`;
}

/** "3", or for a chain transaction not yet in a block "0 (waiting in the mempool)". */
export function confirmationsText(confirmations: number): string {
  return confirmations === 0 ? "0 (waiting in the mempool)" : String(confirmations);
}
