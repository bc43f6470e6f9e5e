import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { externalWalletChallenges, externalWallets } from "../../db/schema/index.js";

// The external-wallets module owns external_wallet_challenges and external_wallets: only this file (and
// labels.ts, the connected wallet's label) touches them.

export type WalletChallengeRow = typeof externalWalletChallenges.$inferSelect;
export type ExternalWalletRow = typeof externalWallets.$inferSelect;

/** Stores the customer's new challenge in place of any earlier one (one per customer). */
export async function replaceWalletChallenge(db: Db, row: typeof externalWalletChallenges.$inferInsert) {
  await db
    .insert(externalWalletChallenges)
    .values(row)
    .onConflictDoUpdate({
      target: externalWalletChallenges.userId,
      set: {
        id: row.id,
        provider: row.provider,
        address: row.address,
        message: row.message,
        attempts: 0,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        usedAt: null,
      },
    });
}

/** The customer's challenge of that id, whatever its state; another customer's is not found. */
export async function findWalletChallenge(
  db: Db,
  { id, userId }: { id: string; userId: string },
): Promise<WalletChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(externalWalletChallenges)
    .where(and(eq(externalWalletChallenges.id, id), eq(externalWalletChallenges.userId, userId)));
  return row;
}

/**
 * Claims one attempt at the challenge before its signature is checked: the row while it is unused,
 * unexpired and under `maxAttempts`, else undefined. One conditional update, so a burst of tries gets
 * exactly `maxAttempts` checks.
 */
export async function claimChallengeAttempt(
  db: Db,
  { id, userId, now, maxAttempts }: { id: string; userId: string; now: Date; maxAttempts: number },
): Promise<WalletChallengeRow | undefined> {
  const [row] = await db
    .update(externalWalletChallenges)
    .set({ attempts: sql`${externalWalletChallenges.attempts} + 1` })
    .where(
      and(
        eq(externalWalletChallenges.id, id),
        eq(externalWalletChallenges.userId, userId),
        isNull(externalWalletChallenges.usedAt),
        gt(externalWalletChallenges.expiresAt, now),
        lt(externalWalletChallenges.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks the challenge used; false when it already was (a second, concurrent success). */
export async function markChallengeUsed(db: Db, { id, now }: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(externalWalletChallenges)
    .set({ usedAt: now })
    .where(and(eq(externalWalletChallenges.id, id), isNull(externalWalletChallenges.usedAt)))
    .returning({ id: externalWalletChallenges.id });
  return rows.length === 1;
}

/** Connects the wallet, in place of the customer's earlier one. */
export async function replaceExternalWallet(db: Db, row: ExternalWalletRow): Promise<void> {
  const { userId: _, ...rest } = row;
  await db
    .insert(externalWallets)
    .values(row)
    .onConflictDoUpdate({ target: externalWallets.userId, set: rest });
}

export async function findExternalWallet(db: Db, userId: string): Promise<ExternalWalletRow | undefined> {
  const [row] = await db.select().from(externalWallets).where(eq(externalWallets.userId, userId));
  return row;
}

/** Forgets the customer's wallet; false when none was connected. */
export async function deleteExternalWallet(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(externalWallets)
    .where(eq(externalWallets.userId, userId))
    .returning({ userId: externalWallets.userId });
  return rows.length === 1;
}
