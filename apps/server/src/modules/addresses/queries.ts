import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { addressChains, depositAddresses, payouts } from "../../db/schema/index.js";
import { textIn } from "../../db/text-in.js";

// The addresses module owns deposit_addresses and address_chains: only this file touches them (and
// labels.ts, the customer's labels on their addresses).

export type DepositAddressRow = typeof depositAddresses.$inferSelect;

export async function findDepositAddress(
  db: Db,
  { address, network }: { address: string; network: string },
): Promise<DepositAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.address, address), eq(depositAddresses.network, network)));
  return row;
}

/** The customer's current deposit address: their newest, unless a payment to it has been seen. */
export async function findCurrentDepositAddress(
  db: Db,
  { userId, network }: { userId: string; network: string },
): Promise<DepositAddressRow | undefined> {
  const [newest] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)))
    .orderBy(desc(depositAddresses.chainIndex))
    .limit(1);
  return newest?.usedAt === null ? newest : undefined;
}

/** An issued address and where it derives from. */
export type IssuedAddress = Pick<DepositAddressRow, "address" | "userId" | "chain" | "chainIndex">;

/**
 * The issued addresses among `addresses` (the outputs of a block or a transaction): one index probe per
 * address, in one round trip. Written as a lateral join on purpose: with thousands of addresses
 * `address = any(...)` makes PostgreSQL's planner pick a scan of the whole table (a 4,000-transaction
 * block against 1,000,000 issued addresses: 130 ms instead of 20; `npm run bench`).
 */
export async function findDepositAddresses(
  db: Db,
  { network, addresses }: { network: string; addresses: readonly string[] },
): Promise<IssuedAddress[]> {
  if (addresses.length === 0) return [];
  const result = await db.execute<{
    address: string;
    user_id: string;
    chain: number;
    chain_index: number;
  }>(sql`
    select d.address, d.user_id, d.chain, d.chain_index
      from unnest(${sql.param([...addresses])}::text[]) as o(address)
     cross join lateral (
       select * from ${depositAddresses} as issued
        where issued.address = o.address and issued.network = ${network}
     ) as d`);
  return result.rows.map((row) => ({
    address: row.address,
    userId: row.user_id,
    chain: Number(row.chain),
    chainIndex: Number(row.chain_index),
  }));
}

/** Marks addresses as paid to (the first time only): their owners' receive screens move on to a new one. */
export async function markDepositAddressesUsed(
  db: Db,
  addresses: readonly string[],
  at: Date,
): Promise<void> {
  if (addresses.length === 0) return;
  await db
    .update(depositAddresses)
    .set({ usedAt: at })
    .where(and(textIn(depositAddresses.address, addresses), isNull(depositAddresses.usedAt)));
}

/**
 * Locks the chain's counter row (creating it at 0 the first time) and returns its next unused index. The
 * lock is held to the end of the db transaction: address assignments happen one at a time.
 */
export async function lockNextIndex(db: Db, { network, chain }: { network: string; chain: number }) {
  await db.insert(addressChains).values({ network, chain, nextIndex: 0 }).onConflictDoNothing();
  const result = await db.execute<{ next_index: number }>(sql`
    select next_index from ${addressChains} where network = ${network} and chain = ${chain} for update`);
  const next = result.rows[0]?.next_index;
  if (next === undefined) throw new Error(`No address chain ${network}/${chain}`);
  return Number(next);
}

export async function insertDepositAddress(db: Db, values: DepositAddressRow): Promise<void> {
  await db.insert(depositAddresses).values(values);
  await db
    .update(addressChains)
    .set({ nextIndex: values.chainIndex + 1 })
    .where(and(eq(addressChains.network, values.network), eq(addressChains.chain, values.chain)));
}

/**
 * Takes the next unused index of a derivation chain in one statement (the change chain: every payout's
 * change gets a new address), creating the counter at 0 the first time.
 */
export async function claimNextIndex(db: Db, { network, chain }: { network: string; chain: number }) {
  const result = await db.execute<{ index: number }>(sql`
    insert into ${addressChains} (network, chain, next_index) values (${network}, ${chain}, 1)
    on conflict (network, chain) do update set next_index = ${addressChains.nextIndex} + 1
    returning next_index - 1 as index`);
  const index = result.rows[0]?.index;
  if (index === undefined) throw new Error(`No address chain ${network}/${chain}`);
  return Number(index);
}

/** The next unused index of every derivation chain of the network (a chain never used: absent). */
export async function findNextIndexes(db: Db, network: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ chain: addressChains.chain, nextIndex: addressChains.nextIndex })
    .from(addressChains)
    .where(eq(addressChains.network, network));
  return new Map(rows.map((row) => [Number(row.chain), Number(row.nextIndex)]));
}

/**
 * Whether a payout's change went to `address`: the change chain's indexes this module handed out, read
 * from the payouts (the withdrawals module's table, read only here).
 */
export async function isPayoutChangeAddress(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ txid: payouts.txid })
    .from(payouts)
    .where(eq(payouts.changeAddress, address))
    .limit(1);
  return rows.length > 0;
}
