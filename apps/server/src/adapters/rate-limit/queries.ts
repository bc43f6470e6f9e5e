import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rateLimitCounters } from "../../db/schema/index.js";
import type { RateLimitRule, WindowCounts, WindowPosition } from "../../domain/rate-limit.js";

export type CounterKey = { bucket: string; keyHash: string };

/** The outcome of one hit: whether it counted, and the counts it was judged on. */
export type HitResult = { counted: boolean; counts: WindowCounts };

/**
 * Counts one hit when it fits the rule, in one statement. The test (domain `allowsHit`) is the WHERE of
 * the insert and of its ON CONFLICT update: PostgreSQL takes the counter row's lock and evaluates the
 * update's WHERE on the newest version of the row, so of any number of concurrent hits exactly the ones
 * that fit are counted. The previous window is closed, so reading it from the statement's snapshot is
 * enough. Integer arithmetic, as in the domain, so both agree at the boundaries.
 */
export async function countHit(
  db: Db,
  { bucket, keyHash }: CounterKey,
  rule: RateLimitRule,
  position: WindowPosition,
): Promise<HitResult> {
  const start = position.start.toISOString();
  const previousStart = position.previousStart.toISOString();
  const window = sql`${rule.windowMs}::bigint`;
  const limit = sql`${rule.max}::bigint * ${window}`;
  const previousWeight = sql`${position.previousWeightMs}::bigint`;
  const { rows } = await db.execute<{ counted: number | null; previous: number; current: number }>(sql`
    with previous as (
      select coalesce(max(hits), 0)::bigint as hits
      from rate_limit_counters
      where bucket = ${bucket} and key_hash = ${keyHash} and window_start = ${previousStart}::timestamptz
    ),
    counted as (
      insert into rate_limit_counters as c (bucket, key_hash, window_start, hits)
      select ${bucket}, ${keyHash}, ${start}::timestamptz, 1
      from previous
      where previous.hits * ${previousWeight} < ${limit}
      on conflict (bucket, key_hash, window_start) do update
        set hits = c.hits + 1
        where c.hits::bigint * ${window} + (select hits from previous) * ${previousWeight} < ${limit}
      returning c.hits
    )
    select
      (select hits from counted)::int as counted,
      (select hits from previous)::int as previous,
      coalesce((
        select hits from rate_limit_counters
        where bucket = ${bucket} and key_hash = ${keyHash} and window_start = ${start}::timestamptz
      ), 0)::int as current
  `);
  const row = rows[0];
  if (row === undefined) throw new Error("the rate-limit statement returned no row");
  return {
    counted: row.counted !== null,
    counts: { previous: Number(row.previous), current: Number(row.counted ?? row.current) },
  };
}

/** Takes back one hit of the window it was counted in (a right password turned out not to count). */
export async function uncountHit(db: Db, { bucket, keyHash }: CounterKey, windowStart: Date): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`${rateLimitCounters.hits} - 1` })
    .where(
      and(
        eq(rateLimitCounters.bucket, bucket),
        eq(rateLimitCounters.keyHash, keyHash),
        eq(rateLimitCounters.windowStart, windowStart),
        gt(rateLimitCounters.hits, 0),
      ),
    );
}

export async function deleteCounters(db: Db, { bucket, keyHash }: CounterKey): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.keyHash, keyHash)));
}

/** Deletes every counter whose window started before `before`: it counts for no rule any more. */
export async function pruneCounters(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}
