import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rateLimitHits } from "../../db/schema/index.js";

type Key = { bucket: string; keyHash: string };

/** The key's hits after `since`, newest first, at most `limit`. */
export async function recentHits(
  db: Db,
  { bucket, keyHash }: Key,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, bucket),
        eq(rateLimitHits.keyHash, keyHash),
        gt(rateLimitHits.createdAt, since),
      ),
    )
    .orderBy(desc(rateLimitHits.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

export async function insertHit(db: Db, key: Key, at: Date): Promise<void> {
  await db.insert(rateLimitHits).values({ ...key, createdAt: at });
}

export async function deleteHits(db: Db, { bucket, keyHash }: Key): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.keyHash, keyHash)));
}

/** Deletes every hit older than `before`: it counts for no rule any more. */
export async function pruneHits(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
}
