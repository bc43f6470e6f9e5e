import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { recoveryCodes } from "../../db/schema/index.js";

// The recovery_codes table (the auth module owns it): an account's recovery codes, as keyed hashes.

/** The account's recovery codes become these (the old ones, used or not, are deleted). */
export async function replaceUserRecoveryCodes(
  db: Db,
  { userId, codeMacs, now }: { userId: string; codeMacs: readonly string[]; now: Date },
): Promise<void> {
  await deleteUserRecoveryCodes(db, userId);
  await db.insert(recoveryCodes).values(codeMacs.map((codeMac) => ({ userId, codeMac, createdAt: now })));
}

export async function deleteUserRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Whether the account has this code unused (a check before the db transaction that uses it). */
export async function hasUnusedRecoveryCode(db: Db, userId: string, codeMac: string): Promise<boolean> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeMac, codeMac), isNull(recoveryCodes.usedAt)),
    );
  return rows.length === 1;
}

/**
 * Uses the code up; false when it is not the account's or was used already. Conditional, so of two
 * requests racing with the same code only one wins.
 */
export async function useRecoveryCode(db: Db, userId: string, codeMac: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeMac, codeMac), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/** How many of the account's recovery codes are left. */
export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
