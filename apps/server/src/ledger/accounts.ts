import type { Db } from "../db/client.js";
import type { LedgerAccountKind, LedgerTransferKind } from "../db/schema/index.js";
import { type Sats, sats } from "../domain/money.js";
import {
  countTransfersTo,
  findBankAccountId,
  findBankBalance,
  findCustomerAccounts,
  findCustomerBalance,
  insertCustomerAccounts,
  insertMissingCustomerAccounts,
  lockAccountBalances,
} from "./queries.js";

/**
 * The customers' ledger accounts, opening the missing ones (lazily, in the caller's db transaction: a
 * customer's account appears with their first transfer). Safe under concurrency: the unique index on
 * user_id lets one opening win; the others find it.
 */
export async function openCustomerAccounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const found = await findCustomerAccounts(db, userIds);
  const missing = userIds.filter((userId) => !found.has(userId));
  if (missing.length === 0) return found;
  await insertCustomerAccounts(db, missing);
  const opened = await findCustomerAccounts(db, userIds);
  for (const userId of userIds) {
    if (!opened.has(userId)) throw new Error(`Could not open a ledger account for ${userId}`);
  }
  return opened;
}

/**
 * Opens the ledger account of every customer who has none yet (a customer's account otherwise appears with
 * their first transfer): what the proof of reserves runs before an epoch, so that every customer, with a
 * zero balance or not, is a leaf of it.
 */
export function openEveryCustomerAccount(db: Db): Promise<void> {
  return insertMissingCustomerAccounts(db);
}

/** The customer's account id in what `openCustomerAccounts` answered (it holds every customer asked for). */
export function customerAccountId(accounts: ReadonlyMap<string, number>, userId: string): number {
  const id = accounts.get(userId);
  if (id === undefined) throw new Error(`No ledger account was opened for ${userId}`);
  return id;
}

/** The id of one of the bank's own accounts (there is one of each kind). */
export function bankAccountId(db: Db, kind: Exclude<LedgerAccountKind, "customer">): Promise<number> {
  return findBankAccountId(db, kind);
}

/**
 * The bank's own account's balance, credits minus debits: the hot wallet, an asset, holds a negative
 * balance whose size is the bitcoin the bank controls.
 */
export function bankBalance(db: Db, kind: Exclude<LedgerAccountKind, "customer">): Promise<bigint> {
  return findBankBalance(db, kind);
}

/** A customer's balance, straight from the ledger (0 before their first transfer). */
export async function customerBalance(db: Db, userId: string): Promise<Sats> {
  return sats(await findCustomerBalance(db, userId));
}

/**
 * Locks these accounts (in id order, as postings lock) to the end of the db transaction and answers their
 * balances: for a posting whose amount depends on a balance (a reorganised deposit holds what the customer
 * still has of it), read under the lock it is posted under.
 */
export function lockBalances(db: Db, accountIds: readonly number[]): Promise<Map<number, bigint>> {
  return lockAccountBalances(db, accountIds);
}

/** How many transfers of `kind` with `reference` credited `account` (to number repeated postings' keys). */
export function countCredits(
  db: Db,
  query: { account: number; kind: LedgerTransferKind; reference: string },
): Promise<number> {
  return countTransfersTo(db, query);
}
