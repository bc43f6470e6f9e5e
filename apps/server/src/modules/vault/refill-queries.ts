import { and, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users, vaultRefills } from "../../db/schema/index.js";
import { textIn } from "../../db/text-in.js";

// The refills (vault_refills, owned by this module): only this file touches them. The creator's name is
// read from users (the auth module's table, read only here).

export type RefillRow = typeof vaultRefills.$inferSelect;
export type RefillWithCreator = RefillRow & { createdByName: string };

export async function insertRefill(db: Db, row: RefillRow): Promise<void> {
  await db.insert(vaultRefills).values(row);
}

/** Locks the refill's row to the end of the db transaction: every step on a refill takes this lock first. */
export async function lockRefill(db: Db, id: string): Promise<RefillRow | undefined> {
  const [row] = await db.select().from(vaultRefills).where(eq(vaultRefills.id, id)).for("update");
  return row;
}

export async function updateRefill(
  db: Db,
  id: string,
  values: Partial<
    Pick<
      RefillRow,
      "status" | "signedPsbt" | "hex" | "blockHeight" | "failure" | "broadcastAt" | "confirmedAt"
    >
  >,
): Promise<void> {
  await db.update(vaultRefills).set(values).where(eq(vaultRefills.id, id));
}

/** Marks a refill accepted by the network (the first acceptance only: a rebroadcast keeps the first time). */
export async function markRefillAccepted(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(vaultRefills)
    .set({ broadcastAt: sql`coalesce(${vaultRefills.broadcastAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(vaultRefills.id, id));
}

const withCreator = {
  refill: vaultRefills,
  createdByName: users.name,
};

export async function findRefill(db: Db, id: string): Promise<RefillWithCreator | undefined> {
  const [row] = await db
    .select(withCreator)
    .from(vaultRefills)
    .innerJoin(users, eq(users.id, vaultRefills.createdBy))
    .where(eq(vaultRefills.id, id));
  return row === undefined ? undefined : { ...row.refill, createdByName: row.createdByName };
}

/** The newest refills first. */
export async function listRefills(db: Db, limit: number): Promise<RefillWithCreator[]> {
  const rows = await db
    .select(withCreator)
    .from(vaultRefills)
    .innerJoin(users, eq(users.id, vaultRefills.createdBy))
    .orderBy(desc(vaultRefills.createdAt), desc(vaultRefills.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.refill, createdByName: row.createdByName }));
}

/**
 * The refills the worker watches: finalised and sent (broadcast, until deep enough) and confirmed ones
 * whose block left the best chain (until they are in a block again).
 */
export async function findRefillsToTrack(db: Db): Promise<RefillRow[]> {
  return db
    .select()
    .from(vaultRefills)
    .where(
      or(
        eq(vaultRefills.status, "broadcast"),
        and(eq(vaultRefills.status, "confirmed"), isNull(vaultRefills.blockHeight)),
      ),
    )
    .orderBy(vaultRefills.createdAt);
}

/**
 * The refills among `txids` (a block's transactions) are in the block at `height`. One still waiting for
 * signatures was finalised and sent by the key holders themselves (Sparrow can): it is broadcast now.
 */
export async function markRefillsInBlock(
  db: Db,
  { txids, height, at }: { txids: readonly string[]; height: number; at: Date },
): Promise<void> {
  if (txids.length === 0) return;
  await db
    .update(vaultRefills)
    .set({
      blockHeight: height,
      status: sql`case when ${vaultRefills.status} = 'awaiting_signatures' then 'broadcast' else ${vaultRefills.status} end`,
      broadcastAt: sql`coalesce(${vaultRefills.broadcastAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        textIn(vaultRefills.txid, txids),
        inArray(vaultRefills.status, ["awaiting_signatures", "broadcast", "confirmed"]),
      ),
    );
}

/** The block at `height` left the best chain: its refills wait for a block again. */
export async function unmarkRefillsInBlock(db: Db, height: number): Promise<void> {
  await db
    .update(vaultRefills)
    .set({ blockHeight: null })
    .where(and(eq(vaultRefills.blockHeight, height), ne(vaultRefills.status, "failed")));
}

/** Whether `address` is the hot wallet's address a refill paid (or will pay). */
export async function isRefillAddress(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: vaultRefills.id })
    .from(vaultRefills)
    .where(eq(vaultRefills.hotAddress, address))
    .limit(1);
  return rows.length > 0;
}
