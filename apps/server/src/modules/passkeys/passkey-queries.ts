import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { passkeys } from "../../db/schema/index.js";

export type PasskeyRow = typeof passkeys.$inferSelect;

/** A person's passkeys, newest first (Security > Passkeys, allowCredentials). */
export function findPasskeysOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/**
 * Records a verified use, in one statement, under the signature-counter rule: when either the stored or the
 * new counter is not 0, the new one must be greater (an authenticator that keeps none always says 0).
 * False when the counter went backwards (or stood still), or the passkey was flagged meanwhile: nothing
 * changed then.
 */
export async function recordPasskeyUse(
  db: Db,
  { id, signCount, now }: { id: string; signCount: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ signCount, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, id),
        isNull(passkeys.flaggedAt),
        sql`((${signCount} = 0 and ${passkeys.signCount} = 0) or ${signCount} > ${passkeys.signCount})`,
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Blocks a passkey whose counter went backwards. True when this call flagged it (not flagged before). */
export async function flagPasskey(db: Db, { id, now }: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ flaggedAt: now })
    .where(and(eq(passkeys.id, id), isNull(passkeys.flaggedAt)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}
