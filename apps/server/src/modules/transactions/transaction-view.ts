import type { Transaction } from "@satsbank/shared";
import type { WalletTransactionRow } from "./queries.js";

/** A history row as the customer sees it: amounts as decimal strings, never a number. */
export function toTransaction(row: WalletTransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    amountSats: row.amount.toString(),
    feeSats: row.fee.toString(),
    status: row.status,
    counterparty: {
      username: row.counterpartyUsername,
      name: row.counterpartyName,
      address: row.address,
    },
    note: row.note,
    txid: row.txid,
    createdAt: row.createdAt.toISOString(),
  };
}
