import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { passkeyChallenges, passkeys, users } from "../../db/schema/index.js";
import type { PasskeyRow } from "./passkey-queries.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// What a person does with their own passkeys (Security > Passkeys): each query names the owner, so
// another person's passkey id finds nothing.

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Stores a new credential; undefined when its credential id is registered already (to anyone). */
export async function insertPasskey(
  db: Db,
  values: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row;
}

/** The person's passkey with this id, locked until the end of the db transaction. */
export async function lockOwnPasskey(
  db: Db,
  { userId, passkeyId }: { userId: string; passkeyId: string },
): Promise<PasskeyRow | undefined> {
  // An id that is no UUID names no passkey (and PostgreSQL would refuse to compare it).
  if (!UUID.test(passkeyId)) return undefined;
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .for("update");
  return row;
}

export async function setPasskeyName(
  db: Db,
  { id, name }: { id: string; name: string },
): Promise<PasskeyRow> {
  const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  if (row === undefined) throw new Error(`no passkey ${id}`);
  return row;
}

export async function deletePasskey(db: Db, id: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.id, id));
}

/**
 * Whether withdrawals need the person's passkey (users.approve_withdrawals_with_passkey: a column of the
 * auth module's table that only this module reads and writes).
 */
export async function findApproveWithdrawals(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: users.approveWithdrawalsWithPasskey })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function setApproveWithdrawals(
  db: Db,
  { userId, on, now }: { userId: string; on: boolean; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ approveWithdrawalsWithPasskey: on, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * What a challenge was issued for, read without claiming it: which ceremony answers it (a sign-in or a
 * proof). claimChallenge checks it again, locked, before it counts.
 */
export async function findChallengeHead(
  db: Db,
  challengeId: string,
): Promise<Pick<typeof passkeyChallenges.$inferSelect, "purpose" | "userId" | "sessionId"> | undefined> {
  if (!UUID.test(challengeId)) return undefined;
  const [row] = await db
    .select({
      purpose: passkeyChallenges.purpose,
      userId: passkeyChallenges.userId,
      sessionId: passkeyChallenges.sessionId,
    })
    .from(passkeyChallenges)
    .where(eq(passkeyChallenges.id, challengeId));
  return row;
}
