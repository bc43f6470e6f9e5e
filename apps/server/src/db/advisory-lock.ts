import { sql } from "drizzle-orm";
import type { DatabaseHandle, Db } from "./client.js";

/** A lock this process holds until it releases it, or until its connection dies (then `held` is false). */
export type HeldLock = {
  /** Asks the lock's connection whether it is alive; false once it has died (the lock is then gone). */
  verify(): Promise<boolean>;
  release(): Promise<void>;
};

/** The advisory lock keys in use, one per job that must run in one process at a time. */
export const ADVISORY_LOCKS = {
  /** The chain follower (and the sandbox's block timer). */
  chainFollower: 7_201_001n,
  /** A sweep of the hot wallet to the cold vault is made (a transaction lock: one sweep decided at a time). */
  sweep: 7_201_002n,
  /** The daily proof-of-reserves epoch: one process checks and builds it at a time. */
  proofEpochs: 7_201_003n,
} as const;

/**
 * Takes a transaction-level advisory lock, waiting for it: held to the end of the db transaction `db` is
 * (commit or rollback), so two transactions that take it run their decisions one after the other.
 */
export async function lockForTransaction(db: Db, key: bigint): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
}

/**
 * Tries to take a session-level PostgreSQL advisory lock, without waiting: the lock lives as long as the
 * connection that took it, so a process that dies (or loses its connection) frees it and another one can
 * take over. Answers null when another process holds it. PGlite serves one process only (DATA_DIR is
 * locked), which therefore always holds it.
 */
export async function tryAdvisoryLock(handle: DatabaseHandle, key: bigint): Promise<HeldLock | null> {
  if (handle.kind === "pglite") {
    return { verify: async () => !handle.client.closed, release: async () => {} };
  }
  const client = await handle.pool.connect();
  let lost = false;
  const onError = () => {
    lost = true;
  };
  client.on("error", onError);
  try {
    const result = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      key.toString(),
    ]);
    if (result.rows[0]?.locked !== true) {
      client.off("error", onError);
      client.release();
      return null;
    }
  } catch (error) {
    client.off("error", onError);
    client.release(true);
    throw error;
  }
  return {
    verify: async () => {
      if (lost) return false;
      try {
        await client.query("select 1");
        return true;
      } catch {
        lost = true;
        return false;
      }
    },
    release: async () => {
      client.off("error", onError);
      if (lost) {
        client.release(true);
        return;
      }
      try {
        await client.query("select pg_advisory_unlock($1)", [key.toString()]);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}
