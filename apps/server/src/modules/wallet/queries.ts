import { type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { preparedPer } from "../../db/prepared.js";
import { chainDeposits, kycItems, ledgerAccounts, walletTransactions } from "../../db/schema/index.js";
import type { ItemStates } from "../../domain/kyc.js";
import { type Sats, sats } from "../../domain/money.js";

// The wallet module owns send_requests: its database function wallet_send() (drizzle/0040) alone writes it.
// This file reads, never writes, four tables of other modules for a customer's figures (findSenderFigures).

/** What the wallet summary and every send check start from: one customer's figures, read together. */
export type SenderFigures = {
  /** The ledger's balance of the customer's account (0 before it is opened). */
  balance: Sats;
  /** The customer's identity check items (a missing item is required). */
  items: ItemStates;
  /** What the customer sent (transfers and withdrawals not failed) after `since`. */
  sentSince: bigint;
  /** What is held of their deposits a reorganisation took out of the chain ("On hold"). */
  held: bigint;
};

/**
 * The figures as scalar subqueries of one customer (`userId`: a placeholder, or the signed-in person's id
 * column when read with the session); `since` is the placeholder of the send limit's window.
 */
export function senderFiguresColumns(userId: SQLWrapper) {
  const t = walletTransactions;
  return {
    balance: sql<string | null>`(select ${ledgerAccounts.balance}::text from ${ledgerAccounts}
      where ${ledgerAccounts.userId} = ${userId})`,
    items: sql<ItemStates>`(select coalesce(json_object_agg(${kycItems.item}, ${kycItems.status}), '{}'::json)
      from ${kycItems} where ${kycItems.userId} = ${userId})`,
    sent: sql<string>`(select coalesce(sum(${t.amount}), 0)::text from ${t}
      where ${t.userId} = ${userId} and ${t.type} = 'send' and ${t.status} <> 'failed'
        and ${t.createdAt} > ${sql.placeholder("since")}::timestamptz)`,
    // Through the reorganised deposits' partial index: a customer's other deposits are never read.
    held: sql<string>`(select coalesce(sum(${chainDeposits.heldSats}), 0)::text from ${chainDeposits}
      where ${chainDeposits.reorgedAt} is not null and ${chainDeposits.userId} = ${userId})`,
  };
}

/** The figures from senderFiguresColumns' values (a customer with no ledger account yet has 0). */
export function toSenderFigures(row: Partial<Record<string, unknown>> | undefined): SenderFigures {
  return {
    balance: sats(BigInt((row?.balance as string | null | undefined) ?? "0")),
    items: (row?.items as ItemStates | undefined) ?? {},
    sentSince: BigInt((row?.sent as string | undefined) ?? "0"),
    held: BigInt((row?.held as string | undefined) ?? "0"),
  };
}

const senderFiguresStatement = preparedPer((db: Db) =>
  db
    .select(senderFiguresColumns(sql.placeholder("userId")))
    .from(sql`(values (1)) as one (x)`)
    .prepare("find_sender_figures"),
);

/**
 * The customer's balance (ledger_accounts), identity check items (kyc_items), what they sent since
 * `since` (wallet_transactions) and what is held of a reorganised deposit (chain_deposits), in one round
 * trip. Read-only, as admin/queries.ts reads them; inside a send, it runs after the send-limit lock, so it
 * sees every earlier send. A named prepared statement: planned once per connection. GET /api/wallet reads
 * the same columns joined to its session look-up instead (figures-with-session.ts): one round trip in all.
 */
export async function findSenderFigures(db: Db, userId: string, since: Date): Promise<SenderFigures> {
  const [row] = await senderFiguresStatement(db).execute({ userId, since: since.toISOString() });
  return toSenderFigures(row);
}
