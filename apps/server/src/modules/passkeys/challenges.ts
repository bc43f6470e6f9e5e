import { createHash, randomBytes } from "node:crypto";
import { PASSKEY_CHALLENGE_MINUTES } from "@satsbank/shared";
import { eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type PasskeyChallengePurpose, passkeyChallenges } from "../../db/schema/index.js";
import { canonicalJson } from "./canonical-json.js";
import { passkeyExpired, passkeyReused } from "./errors.js";

export type ChallengeRow = typeof passkeyChallenges.$inferSelect;

/** What a bound challenge approves: a withdrawal's recipient, amount, fee and key; a staff action's target. */
export type BoundFacts = Readonly<Record<string, string>>;

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/**
 * The challenge that binds an approval to what it approves: SHA-256 over the canonical JSON of the facts,
 * the purpose and the single-use nonce, base64url. The server rebuilds it from the request it is about to
 * carry out; an authenticator that signed other facts signed another challenge.
 */
export function boundChallenge(purpose: PasskeyChallengePurpose, facts: BoundFacts, nonce: string): string {
  const json = canonicalJson({ ...facts, purpose, nonce });
  return base64url(createHash("sha256").update(json, "utf8").digest());
}

/**
 * A new challenge, good once for PASSKEY_CHALLENGE_MINUTES: 32 random bytes, or (with `bound`) the bound
 * challenge of those facts and a new 32-byte nonce. Answers the id the client sends back and the challenge
 * (base64url) for the options.
 */
export async function issueChallenge(
  db: Db,
  {
    purpose,
    userId,
    sessionId,
    now,
    bound,
  }: {
    purpose: PasskeyChallengePurpose;
    userId: string | null;
    sessionId: string | null;
    now: Date;
    bound?: BoundFacts;
  },
): Promise<{ challengeId: string; challenge: string }> {
  const nonce = bound === undefined ? null : base64url(randomBytes(32));
  const challenge =
    bound === undefined || nonce === null
      ? base64url(randomBytes(32))
      : boundChallenge(purpose, bound, nonce);
  const [row] = await db
    .insert(passkeyChallenges)
    .values({
      userId,
      sessionId,
      purpose,
      challenge,
      nonce,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000),
    })
    .returning({ id: passkeyChallenges.id });
  if (row === undefined) throw new Error("a passkey challenge was not stored");
  // Old challenges go as new ones come: nothing to sweep on a timer, and the table stays small.
  await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, new Date(now.getTime() - 86_400_000)));
  return { challengeId: row.id, challenge };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Claims a challenge for its answer, in the caller's db transaction: the row is locked (of two requests
 * with the same answer, the second waits and then finds it used) and marked used, so a failure later in
 * the transaction gives it back. Refused: unknown, of another purpose or person, expired (400
 * passkeyExpired); used already (409 passkeyReused).
 */
export async function claimChallenge(
  tx: Db,
  {
    challengeId,
    purpose,
    userId,
    now,
  }: { challengeId: string; purpose: PasskeyChallengePurpose; userId: string | null; now: Date },
): Promise<ChallengeRow> {
  if (!UUID.test(challengeId)) throw passkeyExpired();
  const [row] = await tx
    .select()
    .from(passkeyChallenges)
    .where(eq(passkeyChallenges.id, challengeId))
    .for("update");
  if (row === undefined || row.purpose !== purpose || row.userId !== userId) throw passkeyExpired();
  if (row.consumedAt !== null) throw passkeyReused();
  if (row.expiresAt <= now) throw passkeyExpired();
  await tx.update(passkeyChallenges).set({ consumedAt: now }).where(eq(passkeyChallenges.id, challengeId));
  return row;
}
