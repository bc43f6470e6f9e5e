import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.js";
import { createTestDatabase } from "../test/create-test-app.js";

// The real command, in a child process, as an operator runs it before starting a new version.
const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const migrationsDir = fileURLToPath(new URL("../../drizzle", import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function migrate(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ["--conditions=development", "--import", "tsx", "src/cli/migrate.ts"],
    {
      cwd: serverDir,
      env: { ...inherited, NODE_ENV: "development", LOG_LEVEL: "silent", ...env },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

async function committedMigrations(): Promise<number> {
  return (await readdir(migrationsDir)).filter((name) => name.endsWith(".sql")).length;
}

describe("npm run db:migrate", () => {
  it("applies every committed migration to an empty database, then finds nothing left to do", async () => {
    const expected = await committedMigrations();
    const database = await createTestDatabase();
    cleanups.push(database.close);
    let env: Record<string, string>;
    if (database.target.kind === "postgres") {
      env = { DATABASE_URL: database.target.url };
    } else {
      // The embedded database: a data directory of its own (the command takes its lock, then frees it).
      const dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-migrate-cli-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
    }

    const first = await migrate(env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^Migrations applied: ${expected} in `));
    const again = await migrate(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(first.stdout);

    const handle =
      database.target.kind === "postgres"
        ? database.handle
        : await openDatabase({ kind: "pglite", dataDir: path.join(env.DATA_DIR as string, "pg") });
    if (handle !== database.handle) cleanups.push(() => handle.close());
    const tables = await handle.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(["users", "ledger_transfers"]));
  });

  it("stops with one line when the database cannot be reached", async () => {
    const res = await migrate({ DATABASE_URL: "postgres://nobody:wrong@127.0.0.1:1/none" });
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).not.toContain("wrong");
  });
});
