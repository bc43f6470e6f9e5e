import { FRESH_PROOF_MINUTES, freshProofErrors } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { authText } from "./messages.js";
import { findSessionProvedAt, setSessionProvedAt } from "./session-queries.js";

// A fresh proof: the session's holder proved who they are within FRESH_PROOF_MINUTES (the sign-in that
// started it, a passkey, or the password plus the second step). A change to how the person signs in (a
// passkey added, the last one removed, withdrawals' passkey approval turned off) asks for one, so a stolen
// session cookie alone cannot make it.

export const FRESH_PROOF_MS = FRESH_PROOF_MINUTES * 60_000;

/** Until when a proof made at `provedAt` counts as fresh, or null when it no longer does at `now`. */
export function freshUntilOf(provedAt: Date | null, now: Date): Date | null {
  if (provedAt === null) return null;
  const until = new Date(provedAt.getTime() + FRESH_PROOF_MS);
  return until > now ? until : null;
}

/** Until when the session's last proof counts as fresh; null when it does not (or never was). */
export async function sessionFreshUntil(
  db: Db,
  { sessionId, now }: { sessionId: string; now: Date },
): Promise<Date | null> {
  return freshUntilOf(await findSessionProvedAt(db, sessionId), now);
}

/** 403 FORBIDDEN with the reason `reauthenticate` unless the session's proof is fresh. */
export async function assertFreshProof(
  db: Db,
  { sessionId, now }: { sessionId: string; now: Date },
): Promise<void> {
  if ((await sessionFreshUntil(db, { sessionId, now })) === null) {
    throw new AppError("FORBIDDEN", freshProofErrors.reauthenticate.text, undefined, "reauthenticate");
  }
}

/**
 * Records a proof just made on the session (call it in the proof's db transaction) and answers until when
 * it is fresh. 401 when the session ended meanwhile (signed out): the proof has nothing to make fresh.
 */
export async function markSessionProved(
  db: Db,
  { sessionId, now }: { sessionId: string; now: Date },
): Promise<Date> {
  if (!(await setSessionProvedAt(db, sessionId, now))) {
    throw new AppError("UNAUTHENTICATED", authText.signInRequired);
  }
  return new Date(now.getTime() + FRESH_PROOF_MS);
}
