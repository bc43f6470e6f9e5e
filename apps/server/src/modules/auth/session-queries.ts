import { and, eq, gt, lt, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { endedSessions, sessions, users } from "../../db/schema/index.js";
import type { User } from "../../domain/user.js";
import { userColumns } from "./user-queries.js";

// The sessions table (the auth module owns it): one row per signed-in browser, found by its token's hash.

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Which sessions are live: the token's hash and the time are placeholders; a deactivated person has none. */
function liveSession(): SQL | undefined {
  return and(
    eq(sessions.tokenHash, sql.placeholder("tokenHash")),
    sql`${sessions.expiresAt} > ${sql.placeholder("now")}::timestamptz`,
    eq(users.status, "active"),
  );
}

/** The live session of a token's hash and its active person (a `User`). */
function sessionQuery(db: Db) {
  return db
    .select({ sessionId: sessions.id, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession());
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

/**
 * What a route reads beside the session, in the session look-up's own statement (sessionFinderWith): the
 * signed-in person's figures, so a read such as GET /api/wallet is one round trip, not two.
 */
export type ReadWithSession<T> = {
  /** The prepared statement's name: one per read. */
  name: string;
  /** Scalar subqueries of the signed-in person (`userId`: their id); placeholders other than the session's. */
  columns: (userId: SQLWrapper) => Record<string, SQL>;
  /** The values of those placeholders for a request at `now`. */
  params: (now: Date) => Record<string, unknown>;
  /** The figures from the columns' values. */
  read: (row: Record<string, unknown>) => T;
};

/** A live session, its person and what `readWith` reads of them. */
export type FoundSessionWith<T> = FoundSession & { readonly with: T };

/**
 * sessionFinder and `readWith` in one prepared statement: the session, its person and the figures,
 * joined. A token with no live session finds nothing, and nothing else is read.
 */
export function sessionFinderWith<T>(
  db: Db,
  readWith: ReadWithSession<T>,
): (tokenHash: string, now: Date) => Promise<FoundSessionWith<T> | undefined> {
  const prepared = db
    .select({ sessionId: sessions.id, user: userColumns, with: readWith.columns(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession())
    .prepare(readWith.name);
  return async (tokenHash, now) => {
    const [row] = await prepared.execute({ ...readWith.params(now), tokenHash, now: now.toISOString() });
    if (row === undefined) return undefined;
    return { sessionId: row.sessionId, user: row.user, with: readWith.read(row.with) };
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

/**
 * Ends the account's sessions for a reason their browsers will hear (a deactivation): each is deleted and
 * its token's hash kept in ended_sessions until it would have expired. One statement; answers how many.
 */
export async function endUserSessions(
  db: Db,
  { userId, reason, at }: { userId: string; reason: "accountInactive"; at: Date },
): Promise<number> {
  await db
    .delete(endedSessions)
    .where(and(eq(endedSessions.userId, userId), lt(endedSessions.expiresAt, at)));
  const result = await db.execute<{ ended: string | number }>(sql`
    with ended as (
      delete from ${sessions} where ${sessions.userId} = ${userId}
      returning ${sessions.tokenHash} as token_hash, ${sessions.expiresAt} as expires_at
    ),
    kept as (
      insert into ${endedSessions} (token_hash, user_id, reason, ended_at, expires_at)
      select token_hash, ${userId}, ${reason}, ${at.toISOString()}::timestamptz, expires_at from ended
      on conflict (token_hash) do nothing
    )
    select count(*) as ended from ended
  `);
  return Number(result.rows[0]?.ended ?? 0);
}

/**
 * Why the session of a token's hash ended, while that still holds: a deactivated account's session
 * (until it would have expired, and while the account is still inactive). Undefined otherwise.
 */
export async function findEndedSessionReason(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<"accountInactive" | undefined> {
  const [row] = await db
    .select({ reason: endedSessions.reason })
    .from(endedSessions)
    .innerJoin(users, eq(users.id, endedSessions.userId))
    .where(
      and(
        eq(endedSessions.tokenHash, tokenHash),
        gt(endedSessions.expiresAt, now),
        eq(users.status, "inactive"),
      ),
    );
  return row?.reason;
}

export async function deleteExpiredSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}

/** When the session's holder last proved who they are (null: never, or the session is gone). */
export async function findSessionProvedAt(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ provedAt: sessions.provedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.provedAt ?? null;
}

/** Records a fresh proof on the session; false when the session is gone (signed out meanwhile). */
export async function setSessionProvedAt(db: Db, sessionId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ provedAt: at })
    .where(eq(sessions.id, sessionId))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
