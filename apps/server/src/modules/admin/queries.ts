import type { CustomerKycStatus, CustomerSort, SortOrder } from "@satsbank/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { kycItems, ledgerAccounts, users } from "../../db/schema/index.js";

// Banking Customers: a read-only report across three modules' tables (users, ledger_accounts,
// kyc_items), because the list sorts on the server by the balance and the KYC status, which a call per
// module cannot do. It never writes: every change goes through the owning module.
//
// Indexes: the search uses the trigram indexes on users.name, email and username; the sorts by name,
// email, join date, account type and status have partial indexes on users (role = 'customer'). The sorts
// by balance and KYC status are computed for the matching customers and sorted: an index on
// ledger_accounts.balance would cost every posting its HOT update (decision 0006), and the KYC status
// is read from two kyc_items rows.

const identity = alias(kycItems, "identity_item");
const address = alias(kycItems, "address_item");

/** The rule of domain/kyc.ts basicStatusOf, in SQL. */
const kycStatus = sql<CustomerKycStatus>`case
  when ${identity.status} = 'verified' and ${address.status} = 'verified' then 'verified'
  when ${identity.status} = 'pending' or ${address.status} = 'pending' then 'pending'
  when ${identity.status} = 'rejected' or ${address.status} = 'rejected' then 'rejected'
  else 'required' end`;
/** verified, pending, rejected, not submitted: ascending. */
const kycRank = sql`case
  when ${identity.status} = 'verified' and ${address.status} = 'verified' then 0
  when ${identity.status} = 'pending' or ${address.status} = 'pending' then 1
  when ${identity.status} = 'rejected' or ${address.status} = 'rejected' then 2
  else 3 end`;
const balance = sql`coalesce(${ledgerAccounts.balance}, 0)`;

const sortColumns: Record<CustomerSort, SQL> = {
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
  accountType: sql`${users.accountType}`,
  kycStatus: kycRank,
  joinedAt: sql`${users.createdAt}`,
  balance,
  status: sql`${users.status}`,
};

export type CustomerRow = {
  id: string;
  name: string;
  email: string;
  username: string;
  phone: string | null;
  accountType: "personal" | "business";
  status: "active" | "inactive";
  createdAt: Date;
  balance: string;
  kycStatus: CustomerKycStatus;
};

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  phone: users.phone,
  accountType: users.accountType,
  status: users.status,
  createdAt: users.createdAt,
  balance: sql<string>`${balance}::text`,
  kycStatus,
};

function customersOnly(pattern: string | null): SQL {
  const role = eq(users.role, "customer");
  if (pattern === null) return role;
  return and(
    role,
    sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern} or ${users.username} ilike ${pattern})`,
  ) as SQL;
}

function fromCustomers(db: Db) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .leftJoin(identity, and(eq(identity.userId, users.id), eq(identity.item, "identity")))
    .leftJoin(address, and(eq(address.userId, users.id), eq(address.item, "address")));
}

/** One offset page of customers matching `pattern` (ILIKE; null: all), sorted, and how many match. */
export async function listCustomers(
  db: Db,
  query: { pattern: string | null; sort: CustomerSort; order: SortOrder; limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const direction = sql.raw(query.order === "asc" ? "asc" : "desc");
  const where = customersOnly(query.pattern);
  const rows = await fromCustomers(db)
    .where(where)
    .orderBy(sql`${sortColumns[query.sort]} ${direction}`, sql`${users.id} ${direction}`)
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ total: sql<string>`count(*)::text` }).from(users).where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** One customer as Banking Customers lists them (undefined for staff or an unknown id). */
export async function findCustomer(db: Db, userId: string): Promise<CustomerRow | undefined> {
  const [row] = await fromCustomers(db).where(and(eq(users.id, userId), customersOnly(null)));
  return row;
}
