import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { migrateDatabase } from "../db/migrate.js";

/** Tarballs of PGlite data dirs: one just initialised, one migrated. Null when tests run on PostgreSQL. */
export type PgliteTemplates = { empty: string; migrated: string } | null;

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates: PgliteTemplates;
  }
}

/**
 * Booting PGlite from scratch (initdb in WASM) takes seconds; loading a snapshot takes a fraction of one.
 * So the database is built once per run, and every test database starts as a copy of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL !== undefined) {
    project.provide("pgliteTemplates", null);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), "satsbank-pglite-templates-"));
  const templates = { empty: path.join(dir, "empty.tar"), migrated: path.join(dir, "migrated.tar") };
  const handle = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    await dump(handle, templates.empty);
    await migrateDatabase(handle);
    await dump(handle, templates.migrated);
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplates", templates);
  return () => rm(dir, { recursive: true, force: true });
}

async function dump(handle: DatabaseHandle, file: string): Promise<void> {
  if (handle.kind !== "pglite") throw new Error("expected PGlite");
  const tarball = await handle.client.dumpDataDir("none");
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
}
