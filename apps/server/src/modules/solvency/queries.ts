import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { solvencyState } from "../../db/schema/index.js";

// The solvency module owns solvency_state (one row): only this file touches it.

export type SolvencyStateRow = typeof solvencyState.$inferSelect;

/** The last check and the pause, as every process reads them; undefined before the first check. */
export async function findSolvencyState(db: Db): Promise<SolvencyStateRow | undefined> {
  const [row] = await db.select().from(solvencyState).where(eq(solvencyState.id, 1));
  return row;
}

/** The state, locked to the end of the db transaction: a check and a staff resume take turns. */
export async function lockSolvencyState(db: Db): Promise<SolvencyStateRow | undefined> {
  const [row] = await db.select().from(solvencyState).where(eq(solvencyState.id, 1)).for("update");
  return row;
}

/** Writes a check's state: the one row, inserted the first time and replaced after (one statement). */
export async function saveSolvencyState(db: Db, row: Omit<SolvencyStateRow, "id">): Promise<void> {
  await db
    .insert(solvencyState)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: solvencyState.id, set: row });
}

/** Whether payouts are paused now: one indexed read of the one row (a send asks it). */
export async function findPausedSince(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ pausedSince: solvencyState.pausedSince })
    .from(solvencyState)
    .where(eq(solvencyState.id, 1));
  return row?.pausedSince ?? null;
}
