import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ADVISORY_LOCKS } from "../db/advisory-lock.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";

// Two workers (SERVER_ROLE=worker, real processes) on one PostgreSQL database of the test's own: one
// follows the chain (the advisory lock), and the other takes over when it is killed. PostgreSQL only.
// In `npm run test:soak`: two process starts and the sandbox's first 101 blocks take 10-15 s.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const LEADS = "This process now follows the chain";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("two chain workers on one PostgreSQL", () => {
  it.skipIf(!onPostgres)(
    "(PostgreSQL only) one follows the chain; killed with -9, the other takes over within 30 s",
    async () => {
      const t: TestApp = await createTestApp();
      cleanups.push(() => t.close());
      if (t.handle.kind !== "postgres") throw new Error("expected PostgreSQL");
      const dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-workers-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: String(t.handle.pool.options.connectionString),
        DATA_DIR: dataDir,
        SERVER_ROLE: "worker",
        CHAIN_BACKEND: "sandbox",
        SANDBOX_BLOCK_SECONDS: "0",
        // A pass a second: the follower's takeover waits at most that long after the lock is free.
        CHAIN_POLL_SECONDS: "1",
      };
      const first: ServerProcess = await startServerProcess(env);
      cleanups.push(() => first.kill("SIGKILL"));
      await expect.poll(() => first.output().includes(LEADS), { timeout: 30_000 }).toBe(true);
      const second: ServerProcess = await startServerProcess(env);
      cleanups.push(() => second.kill("SIGKILL"));
      // Both run, one holds the lock (one session in pg_locks), and the second does not lead.
      const holders = async () => {
        const rows = await t.db.execute<{ n: string }>(
          sql`select count(*)::text as n from pg_locks where locktype = 'advisory' and granted
              and objid = ${Number(ADVISORY_LOCKS.chainFollower)} and database = (select oid from pg_database where datname = current_database())`,
        );
        return Number(rows.rows[0]?.n);
      };
      expect(await holders()).toBe(1);
      expect(second.output()).not.toContain(LEADS);

      const killedAt = Date.now();
      await first.kill("SIGKILL");
      await expect.poll(() => second.output().includes(LEADS), { timeout: 30_000 }).toBe(true);
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      expect(await holders()).toBe(1);
    },
    90_000,
  );
});
