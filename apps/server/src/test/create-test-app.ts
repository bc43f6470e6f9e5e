import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { fsDocumentStorage } from "../adapters/storage/fs-storage.js";
import type { DocumentStorage } from "../adapters/storage/storage.js";
import { type App, type AppDeps, buildApp } from "../app.js";
import type { AppConfig } from "../config/config.js";
import {
  type DatabaseHandle,
  type DatabaseTarget,
  openDatabase,
  pgliteOptions,
  wrapPglite,
} from "../db/client.js";
import { listenerFor } from "../db/listen.js";
import { migrateDatabase } from "../db/migrate.js";
import { type Announcer, announcerOn } from "../modules/notifications/index.js";
import { testConfig } from "./test-config.js";

export type TestApp = {
  app: App;
  db: DatabaseHandle["db"];
  handle: DatabaseHandle;
  /** Where the app keeps uploaded documents (a directory of its own unless one was passed). */
  storage: DocumentStorage;
  /** Announces the notifications of the use cases a test calls directly (walletContext); close waits for it. */
  announcer: Announcer;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  config?: Partial<AppConfig>;
  /** Replaces the real database ping, e.g. with one that fails. */
  dbPing?: () => Promise<void>;
} & Pick<
  AppDeps,
  | "clock"
  | "mailer"
  | "geo"
  | "price"
  | "chain"
  | "syncChainNow"
  | "storage"
  | "kycReviewer"
  | "notificationHeartbeatMs"
>;

export type TestDatabase = { handle: DatabaseHandle; target: DatabaseTarget; close: () => Promise<void> };

// Tests are the one place besides config.ts that read the environment: which database to test against.
const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A migrated database and the app built on it. In-memory PGlite by default; with TEST_DATABASE_URL set,
 * a fresh database on that PostgreSQL server, dropped again by close(). The same suites run on both.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase("migrated");
  const { handle } = database;
  try {
    // A no-op on the migrated PGlite template, but it keeps the real start-up path under test.
    await migrateDatabase(handle);
    const config = testConfig({ database: database.target, ...options.config });
    const { clock, mailer, geo, price, chain, syncChainNow, kycReviewer, notificationHeartbeatMs } = options;
    // Uploads go to a directory of this app's own (STORAGE=fs), removed when it closes.
    const uploads = await mkdtemp(path.join(tmpdir(), "satsbank-uploads-"));
    const storage = options.storage ?? fsDocumentStorage(uploads);
    // The app's and the directly called use cases': a failed announcement fails the test.
    const announcer = announcerOn(handle.db, (error) => {
      throw error;
    });
    const app = await buildApp({
      config,
      db: handle.db,
      dbPing: options.dbPing ?? handle.ping,
      ...(clock === undefined ? {} : { clock }),
      ...(mailer === undefined ? {} : { mailer }),
      ...(geo === undefined ? {} : { geo }),
      ...(price === undefined ? {} : { price }),
      ...(chain === undefined ? {} : { chain }),
      ...(syncChainNow === undefined ? {} : { syncChainNow }),
      ...(kycReviewer === undefined ? {} : { kycReviewer }),
      ...(notificationHeartbeatMs === undefined ? {} : { notificationHeartbeatMs }),
      listen: listenerFor(handle),
      storage,
      announcer,
    });
    const close = async () => {
      await announcer.idle();
      await app.close();
      await database.close();
      await rm(uploads, { recursive: true, force: true });
    };
    return { app, db: handle.db, handle, storage, announcer, close };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** An empty, unmigrated database (no app), for tests of the migrations themselves. */
export function createTestDatabase(): Promise<TestDatabase> {
  return openTestDatabase("empty");
}

async function openTestDatabase(template: "empty" | "migrated"): Promise<TestDatabase> {
  if (serverUrl !== undefined) return openScratchPostgres(serverUrl);
  const handle = await openPglite(template);
  return { handle, target: { kind: "pglite", dataDir: null }, close: handle.close };
}

const templates = new Map<string, Promise<Blob>>();

async function openPglite(template: "empty" | "migrated"): Promise<DatabaseHandle> {
  const files = inject("pgliteTemplates");
  if (files === null) return openDatabase({ kind: "pglite", dataDir: null });
  const file = files[template];
  let tarball = templates.get(file);
  if (tarball === undefined) {
    tarball = readFile(file).then((bytes) => new Blob([bytes]));
    templates.set(file, tarball);
  }
  return wrapPglite(new PGlite({ ...pgliteOptions, loadDataDir: await tarball }));
}

/** A new database with a unique name on the test server, dropped (even if still in use) by close(). */
async function openScratchPostgres(url: string): Promise<TestDatabase> {
  const name = `satsbank_test_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(url, `create database "${name}"`);
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  const target = { kind: "postgres", url: scratchUrl.toString() } as const;
  const handle = await openDatabase(target);
  return {
    handle,
    target,
    close: async () => {
      await handle.close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
