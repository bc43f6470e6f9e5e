import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { loginChallenges, passwordResetTokens, sessions, users } from "../../db/schema/index.js";
import type { User, UserStatus } from "../../domain/user.js";

// The auth module owns users, sessions, sign-in challenges, reset and verification tokens: only this
// file (with login-event-queries.ts and email-verification-queries.ts) touches those tables. Other
// modules call these functions.

export type NewUser = typeof users.$inferInsert;
export type ChallengeRow = typeof loginChallenges.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

// ---- users

/**
 * What every query of a person selects: a `User`, never the password hash or a TOTP secret. Whether
 * two-factor is on and the email verified are worked out in SQL, so those columns never leave it.
 */
const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  name: users.name,
  phone: users.phone,
  role: users.role,
  accountType: users.accountType,
  status: users.status,
  twoFactorEnabled: sql<boolean>`${users.totpSecret} is not null`,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  createdAt: users.createdAt,
};

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** The account with this username (usernames are stored lower-case). */
export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.username, username.toLowerCase()));
  return row;
}

/** What sign-in step 1 checks: the account of an email with its password hash. */
export async function findSignInCredentials(
  db: Db,
  email: string,
): Promise<
  | { id: string; email: string; passwordHash: string; twoFactorEnabled: boolean; status: UserStatus }
  | undefined
> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      twoFactorEnabled: userColumns.twoFactorEnabled,
      status: users.status,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** The password hash alone, for the one check that needs it (changing the password). */
export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}

/** The account's sealed TOTP secrets and last used step: for the code checks only. */
export type TwoFactorSecrets = {
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
};

export async function findTwoFactorSecrets(db: Db, id: string): Promise<TwoFactorSecrets | undefined> {
  const [row] = await db
    .select({
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/**
 * Locks the person's row until the end of the db transaction and answers them: a change of their status
 * (deactivation) and a send, which reads it with `lockUserStatus`, happen one after the other.
 */
export async function lockUser(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).for("update");
  return row;
}

/**
 * The person's status, share-locked until the end of the db transaction: a deactivation waits for the
 * send that read it to commit, and a send that starts after a deactivation reads `inactive`.
 */
export async function lockUserStatus(db: Db, id: string): Promise<UserStatus | undefined> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, id)).for("share");
  return row?.status;
}

export async function setUserStatus(db: Db, id: string, status: UserStatus, at: Date): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: at })
    .where(eq(users.id, id))
    .returning(userColumns);
  if (row === undefined) throw new Error(`no user ${id}`);
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

export async function insertUser(db: Db, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  if (row === undefined) throw new Error("insert into users returned no row");
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<
    Pick<NewUser, "passwordHash" | "totpSecret" | "totpPendingSecret" | "totpLastStep" | "name" | "phone">
  > & {
    updatedAt: Date;
  },
): Promise<User> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning(userColumns);
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

/**
 * The live session with this token hash and its user. A deactivated account has none (its sessions are
 * deleted with the deactivation); its status is checked here too, so no session of one is ever live.
 */
/** The live session of a token's hash and its active person; the hash and the time are placeholders. */
function sessionQuery(db: Db) {
  return db
    .select({ sessionId: sessions.id, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        sql`${sessions.expiresAt} > ${sql.placeholder("now")}::timestamptz`,
        eq(users.status, "active"),
      ),
    );
}

type FoundSession = { sessionId: string; user: User };

export async function findSession(db: Db, tokenHash: string, now: Date): Promise<FoundSession | undefined> {
  const [row] = await sessionQuery(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/**
 * findSession, prepared once on `db` (the database, not a db transaction): the session plugin's lookup,
 * which every signed-in request makes. Drizzle builds its SQL once instead of on every request, and
 * PostgreSQL parses and plans it once per connection (a named prepared statement).
 */
export function sessionFinder(db: Db): (tokenHash: string, now: Date) => Promise<FoundSession | undefined> {
  const prepared = sessionQuery(db).prepare("find_session");
  return async (tokenHash, now) => {
    const [row] = await prepared.execute({ tokenHash, now: now.toISOString() });
    return row;
  };
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends the account's sessions, all of them or all but `except`; answers how many ended. */
export async function deleteUserSessions(db: Db, userId: string, except?: string): Promise<number> {
  const others = except === undefined ? undefined : ne(sessions.id, except);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), others))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function deleteExpiredSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}

// ---- sign-in challenges

/**
 * Opens the account's sign-in challenge, replacing the one it had: one statement on the one row per
 * account (a unique index), so of two sign-ins racing only the later challenge stays usable and the
 * codes of older ones stop working.
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
