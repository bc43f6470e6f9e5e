import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { passwordResetTokens } from "../../db/schema/index.js";

// The password_reset_tokens table (the auth module owns it): single-use links of a password reset.

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

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

/** The account of a token that exists, is unused and has not expired (checked before any expensive work). */
export async function findUsableResetToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row?.userId;
}
