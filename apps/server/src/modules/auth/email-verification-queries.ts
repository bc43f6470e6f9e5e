import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailVerificationTokens, users } from "../../db/schema/index.js";

export type EmailVerificationTokenRow = typeof emailVerificationTokens.$inferSelect;

export async function insertEmailVerificationToken(
  db: Db,
  values: typeof emailVerificationTokens.$inferInsert,
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

export async function findEmailVerificationToken(
  db: Db,
  tokenHash: string,
): Promise<EmailVerificationTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Uses the link up; false when it already was or has expired. Conditional, so of two requests racing
 * with the same link one verifies and the other is told it was used.
 */
export async function consumeEmailVerificationToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.id, id),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ id: emailVerificationTokens.id });
  return rows.length === 1;
}

/**
 * Marks the account's email verified, if it is still the address the link went to; the first moment
 * counts (a second link leaves it). True when the account now has that address verified.
 */
export async function markEmailVerified(
  db: Db,
  { userId, email, at }: { userId: string; email: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return rows.length === 1;
}
