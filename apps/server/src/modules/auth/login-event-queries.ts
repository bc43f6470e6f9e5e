import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { loginEvents } from "../../db/schema/index.js";
import { UNKNOWN_LOCATION } from "../../domain/location.js";
import type { SignInFacts } from "../../domain/suspicious-login.js";

export type LoginEventRow = typeof loginEvents.$inferSelect;

export async function insertLoginEvent(db: Db, values: typeof loginEvents.$inferInsert): Promise<void> {
  await db.insert(loginEvents).values(values);
}

/**
 * What the account's earlier sign-ins say about a new one from `ipAddress` at `location` on `deviceKey`
 * (all but `knownDevice`, which the browser's cookie tells). An "Unknown" location matches nothing. Only
 * sign-ins count: a passkey change recorded in the history is no sign-in (and no success before this one).
 */
export async function signInFacts(
  db: Db,
  {
    userId,
    ipAddress,
    location,
    deviceKey,
  }: { userId: string; ipAddress: string; location: string; deviceKey: string },
): Promise<Omit<SignInFacts, "knownDevice">> {
  const result = await db.execute<{
    successes: string | number;
    ip_seen: boolean | null;
    location_seen: boolean | null;
    device_seen: boolean | null;
    failures: string | number;
  }>(sql`
    with earlier as (
      select status, ip_address, location, device_key, created_at from ${loginEvents}
      where user_id = ${userId} and kind = 'signIn'
    ),
    last_success as (select max(created_at) as at from earlier where status <> 'failed')
    select
      (select count(*) from earlier where status <> 'failed') as successes,
      (select bool_or(ip_address = ${ipAddress}) from earlier where status <> 'failed') as ip_seen,
      (select bool_or(location = ${location} and location <> ${UNKNOWN_LOCATION}) from earlier
        where status <> 'failed') as location_seen,
      (select bool_or(device_key = ${deviceKey}) from earlier where status <> 'failed') as device_seen,
      (select count(*) from earlier, last_success
        where status = 'failed' and (last_success.at is null or created_at > last_success.at)) as failures
  `);
  const row = result.rows[0];
  return {
    successesBefore: Number(row?.successes ?? 0),
    ipSeenBefore: row?.ip_seen === true,
    locationSeenBefore: row?.location_seen === true,
    deviceSeenBefore: row?.device_seen === true,
    failuresSinceLastSuccess: Number(row?.failures ?? 0),
  };
}

/** The account's sign-in attempts and passkey changes, newest first. */
export async function listLoginEvents(db: Db, userId: string, limit: number): Promise<LoginEventRow[]> {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit);
}
