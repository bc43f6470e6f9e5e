import type { Db } from "../../db/client.js";
import { sessionExpiresAt } from "../../domain/auth-policy.js";
import type { Client } from "../../domain/device.js";
import type { User } from "../../domain/user.js";
import {
  deleteExpiredSessions,
  deleteSessionByTokenHash,
  type FoundSessionWith,
  findEndedSessionReason,
  insertSession,
  type ReadWithSession,
  sessionFinder,
  sessionFinderWith,
} from "./session-queries.js";
import { hashToken, newToken } from "./tokens.js";

/** A session just made: the token goes into the cookie and nowhere else. */
export type NewSession = { token: string; remember: boolean; expiresAt: Date };

/**
 * Starts a session with a fresh random token; the database keeps only its hash. A session the browser
 * already held (`previousToken`) ends: every sign-in gets a new id, so a planted one is never upgraded.
 * Starting one is a proof of who the person is (the sign-in just made): its proof is fresh from now.
 */
export async function startSession(
  db: Db,
  {
    userId,
    remember,
    client,
    now,
    previousToken,
  }: { userId: string; remember: boolean; client: Client; now: Date; previousToken: string | undefined },
): Promise<NewSession> {
  if (previousToken !== undefined) await deleteSessionByTokenHash(db, hashToken(previousToken));
  await deleteExpiredSessions(db, userId, now);
  const token = newToken();
  const expiresAt = sessionExpiresAt(now, remember);
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    remember,
    ipAddress: client.ip,
    userAgent: client.userAgent ?? null,
    createdAt: now,
    expiresAt,
    provedAt: now,
  });
  return { token, remember, expiresAt };
}

/**
 * The session plugin's lookup (app.ts passes it in): the live session of a cookie's token and its
 * person, a `User` without the password hash or a TOTP secret. One query, prepared once, and no write:
 * it runs on every signed-in request.
 */
export function sessionLoader(
  db: Db,
): (token: string, now: Date) => Promise<{ sessionId: string; user: User } | undefined> {
  const findSession = sessionFinder(db);
  return (token, now) => findSession(hashToken(token), now);
}

/**
 * sessionLoader for a route that reads the signed-in person's figures too: the session, its person and
 * `readWith`'s figures in one statement, prepared once (one round trip for the whole read).
 */
export function sessionLoaderWith<T>(
  db: Db,
  readWith: ReadWithSession<T>,
): (token: string, now: Date) => Promise<FoundSessionWith<T> | undefined> {
  const findSession = sessionFinderWith(db, readWith);
  return (token, now) => findSession(hashToken(token), now);
}

/**
 * The session plugin's second lookup, made only when a cookie's token has no live session: why its session
 * ended, when the browser should hear it (a deactivated account: the reason `accountInactive`).
 */
export function endedSessionReason(
  db: Db,
): (token: string, now: Date) => Promise<"accountInactive" | undefined> {
  return (token, now) => findEndedSessionReason(db, hashToken(token), now);
}
