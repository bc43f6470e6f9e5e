import type { AdminCustomer, AdminTransaction } from "@satsbank/shared";
import { type StaffListedRow, transactionBasics } from "../transactions/index.js";
import type { CustomerRow } from "./queries.js";

/** A row of Banking Customers: the balance as a decimal string of satoshis. */
export function toAdminCustomer(row: CustomerRow): AdminCustomer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    accountType: row.accountType,
    kycStatus: row.kycStatus,
    joinedAt: row.createdAt.toISOString(),
    balanceSats: BigInt(row.balance).toString(),
    status: row.status,
  };
}

/** A row of Transaction History. */
export function toAdminTransaction({ row, owner }: Pick<StaffListedRow, "row" | "owner">): AdminTransaction {
  return {
    ...transactionBasics(row),
    user: owner,
    counterparty: { username: row.counterpartyUsername, name: row.counterpartyName },
    address: row.address,
    txid: row.txid,
    createdAt: row.createdAt.toISOString(),
  };
}
