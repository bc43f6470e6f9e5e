import { desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { proofEpochs, proofReserves } from "../../db/schema/index.js";

// The proof module's proof_reserves: only this file touches it.

export type ReservesRow = typeof proofReserves.$inferSelect;

export async function insertReserves(db: Db, row: ReservesRow): Promise<void> {
  await db.insert(proofReserves).values(row);
}

export async function findReserves(db: Db, epoch: number): Promise<ReservesRow | undefined> {
  const [row] = await db.select().from(proofReserves).where(eq(proofReserves.epoch, epoch));
  return row;
}

/** The epoch's reserves proof under its row lock, to the end of the db transaction. */
export async function lockReserves(db: Db, epoch: number): Promise<ReservesRow | undefined> {
  const [row] = await db.select().from(proofReserves).where(eq(proofReserves.epoch, epoch)).for("update");
  return row;
}

export async function updateReserves(
  db: Db,
  epoch: number,
  changes: Partial<Pick<ReservesRow, "psbt" | "status" | "completedAt">>,
): Promise<void> {
  await db.update(proofReserves).set(changes).where(eq(proofReserves.epoch, epoch));
}

/** The newest epoch whose reserves proof is complete, with the liabilities it was made against. */
export async function findNewestCompleteReserves(
  db: Db,
): Promise<{ epoch: number; status: ReservesRow["status"]; total: bigint; liabilities: bigint } | undefined> {
  const [row] = await db
    .select({
      epoch: proofReserves.epoch,
      status: proofReserves.status,
      total: proofReserves.total,
      liabilities: proofEpochs.total,
    })
    .from(proofReserves)
    .innerJoin(proofEpochs, eq(proofEpochs.epoch, proofReserves.epoch))
    .where(ne(proofReserves.status, "awaiting_signatures"))
    .orderBy(desc(proofReserves.epoch))
    .limit(1);
  return row;
}

/** Every epoch, newest first, with its reserves proof's status (null: none). */
export async function findEpochsWithReserves(
  db: Db,
): Promise<(typeof proofEpochs.$inferSelect & { reserves: ReservesRow["status"] | null })[]> {
  const rows = await db
    .select({ epoch: proofEpochs, reserves: proofReserves.status })
    .from(proofEpochs)
    .leftJoin(proofReserves, eq(proofReserves.epoch, proofEpochs.epoch))
    .orderBy(desc(proofEpochs.epoch));
  return rows.map((row) => ({ ...row.epoch, reserves: row.reserves }));
}
