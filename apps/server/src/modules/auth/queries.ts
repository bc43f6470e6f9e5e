import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { loginChallenges, passwordResetTokens, sessions, users } from "../../db/schema/index.js";

// The auth module owns users, sessions, sign-in challenges and reset tokens: only this file (and
// login-event-queries.ts) touches those tables. Other modules call these functions.

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type ChallengeRow = typeof loginChallenges.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

// ---- users

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The account with this username (usernames are stored lower-case). */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase()));
  return row;
}

/** Which of these usernames are taken. */
export async function takenUsernames(db: Db, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, candidates));
  return new Set(rows.map((row) => row.username));
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (row === undefined) throw new Error("insert into users returned no row");
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Pick<NewUser, "passwordHash" | "totpSecret" | "totpPendingSecret" | "totpLastStep">> & {
    updatedAt: Date;
  },
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (row === undefined) throw new Error(`no user ${id}`);
  return row;
}

/**
 * Records that a TOTP time step was used; false when it (or a later one) already was: a code works once.
 * Conditional, so two requests racing with the same code cannot both win.
 */
export async function useTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

// ---- sessions

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session with this token hash and its user. */
export async function findSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ sessionId: string; user: UserRow } | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row;
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends the account's sessions, all of them or all but `except`. */
export async function deleteUserSessions(db: Db, userId: string, except?: string): Promise<void> {
  const others = except === undefined ? undefined : ne(sessions.id, except);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
}

export async function deleteExpiredSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}

// ---- sign-in challenges

export async function insertChallenge(db: Db, values: typeof loginChallenges.$inferInsert): Promise<void> {
  await db.insert(loginChallenges).values(values);
}

export async function findChallenge(db: Db, idHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(loginChallenges).where(eq(loginChallenges.idHash, idHash));
  return row;
}

/** Counts a wrong code; returns the attempts now used. */
export async function countWrongCode(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id))
    .returning({ attempts: loginChallenges.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/**
 * Uses the challenge up; false when it already was, has expired or ran out of attempts. Conditional,
 * so of two requests racing with the right code only one signs in.
 */
export async function consumeChallenge(db: Db, id: string, now: Date, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

/** Deletes the account's challenges that can no longer be used: spent or expired. */
export async function deleteStaleChallenges(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.userId, userId),
        or(isNotNull(loginChallenges.consumedAt), lte(loginChallenges.expiresAt, now)),
      ),
    );
}

/** Deletes the account's challenges (the open ones and the spent ones). */
export async function deleteUserChallenges(db: Db, userId: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

// ---- password reset tokens

export async function insertResetToken(
  db: Db,
  values: typeof passwordResetTokens.$inferInsert,
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Uses the token up and returns its account; undefined when unknown, used or expired. */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Deletes the account's reset tokens. */
export async function deleteUserResetTokens(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** True when the token exists, is unused and has not expired (checked before any expensive work). */
export async function isUsableResetToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return rows.length === 1;
}
