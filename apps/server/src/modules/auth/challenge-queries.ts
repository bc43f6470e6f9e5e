import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { loginChallenges } from "../../db/schema/index.js";

// The login_challenges table (the auth module owns it): the second step of a sign-in, one per account.

export type ChallengeRow = typeof loginChallenges.$inferSelect;

/**
 * Opens the account's sign-in challenge, replacing the one it had: one statement on the one row per
 * account (a unique index), so of two sign-ins racing only the later challenge stays usable and the
 * codes of older ones stop working. A signed-in person's proof (purpose `reauthenticate`) takes the same
 * row: it replaces an open sign-in of the account, and the next sign-in replaces it.
 */
export async function replaceChallenge(db: Db, values: typeof loginChallenges.$inferInsert): Promise<void> {
  await db
    .insert(loginChallenges)
    .values(values)
    .onConflictDoUpdate({
      target: loginChallenges.userId,
      set: {
        idHash: values.idHash,
        method: values.method,
        purpose: values.purpose ?? "signIn",
        codeMac: values.codeMac ?? null,
        remember: values.remember,
        attempts: 0,
        createdAt: values.createdAt,
        expiresAt: values.expiresAt,
        consumedAt: null,
      },
    });
}

export async function findChallenge(db: Db, idHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(loginChallenges).where(eq(loginChallenges.idHash, idHash));
  return row;
}

/**
 * Claims one of the challenge's code attempts before the code is checked; false when it is spent,
 * expired or out of attempts. One conditional update: a burst of guesses on one challenge gets exactly
 * `maxAttempts` checks.
 */
export async function claimCodeAttempt(
  db: Db,
  idHash: string,
  now: Date,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.idHash, idHash),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

/**
 * Uses the challenge up (its attempt was claimed); false when it already was, was replaced or has
 * expired. Conditional, so of two requests racing with the right code only one signs in.
 */
export async function consumeChallenge(db: Db, idHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(loginChallenges.idHash, idHash),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

/**
 * A new emailed code for an open email challenge ("Resend code"): its MAC replaces the old one (which
 * stops working) and the challenge runs 10 minutes from now. Its attempts stay spent. False when the
 * challenge is not open (used, expired, replaced, out of attempts, or an authenticator's).
 */
export async function renewChallengeCode(
  db: Db,
  {
    idHash,
    codeMac,
    now,
    expiresAt,
    maxAttempts,
  }: {
    idHash: string;
    codeMac: string;
    now: Date;
    expiresAt: Date;
    maxAttempts: number;
  },
): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ codeMac, expiresAt })
    .where(
      and(
        eq(loginChallenges.idHash, idHash),
        eq(loginChallenges.method, "email"),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

/** Deletes the account's challenges (the open ones and the spent ones). */
export async function deleteUserChallenges(db: Db, userId: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}
