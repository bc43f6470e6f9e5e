import type { AccountPosting } from "../../ledger/statement.js";
import type { StatementTransactionRow } from "../transactions/index.js";

// How a statement names each posting of the customer's account: in plain words, from the transfer's kind
// and the customer's own history row for it. Pure.

/** "deposit:<txid>:<vout>": a deposit's hold and release carry its outpoint as their reference. */
function depositTxid(reference: string | null): string | null {
  const match = /^deposit:([0-9a-f]{64}):\d+$/.exec(reference ?? "");
  return match?.[1] ?? null;
}

export function describePosting(posting: AccountPosting, row: StatementTransactionRow | undefined): string {
  const address = row?.address ?? null;
  const username = row?.counterpartyUsername ?? null;
  switch (posting.kind) {
    case "customer_transfer":
      if (posting.change < 0n) return username === null ? "Sent to another customer" : `Sent to @${username}`;
      return username === null ? "Received from another customer" : `Received from @${username}`;
    case "deposit":
      return address === null ? "Deposit" : `Deposit to ${address}`;
    case "withdrawal":
      return address === null ? "Withdrawal" : `Withdrawal to ${address}`;
    case "withdrawal_fee":
      return "Withdrawal fee";
    case "withdrawal_reversal":
      return posting.leg === 0 ? "Withdrawal returned" : "Withdrawal fee returned";
    case "deposit_hold":
      return "Deposit on hold: its transaction left the chain";
    case "deposit_release":
      return "Deposit hold released";
    case "deposit_reversal":
      return "Deposit reversed";
    case "opening_balance":
      return "Opening balance";
    default: {
      const words = posting.kind.replaceAll("_", " ");
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/** The on-chain transaction of a posting: its row's, or a deposit hold's or release's own reference. */
export function postingTxid(
  posting: AccountPosting,
  row: StatementTransactionRow | undefined,
): string | null {
  return row?.txid ?? depositTxid(posting.reference);
}
