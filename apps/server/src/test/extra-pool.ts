import pg from "pg";

/** SQLSTATE of a backend ended by another session (here: the test app's own drop of its database). */
const TERMINATED_BY_ADMINISTRATOR = "57P01";

/**
 * A second pool on a test app's PostgreSQL database, for tests that need more connections at once than the
 * app's. When the test app closes, it drops its database with `(force)`, which ends any connection of this
 * pool that pool.end() has not finished closing yet: that ending is expected and ignored. Any other error
 * of an idle connection is still thrown.
 */
export function extraPool(connectionString: string | undefined, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const onError = (error: Error & { code?: string }) => {
    if (error.code !== TERMINATED_BY_ADMINISTRATOR) throw error;
  };
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  return pool;
}
