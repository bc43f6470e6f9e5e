import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { ADVISORY_LOCKS, tryAdvisoryLock } from "./advisory-lock.js";

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe("the chain follower's advisory lock", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.skipIf(!onPostgres)(
    "is held by one process at a time; the next takes it once it is released",
    async () => {
      const key = ADVISORY_LOCKS.chainFollower;
      const first = await tryAdvisoryLock(t.handle, key);
      expect(first).not.toBeNull();
      // A second process racing for it (another connection of the pool stands in for it) does not get it.
      const [second, third] = await Promise.all([
        tryAdvisoryLock(t.handle, key),
        tryAdvisoryLock(t.handle, key),
      ]);
      expect(second).toBeNull();
      expect(third).toBeNull();
      expect(await first?.verify()).toBe(true);
      await first?.release();
      const next = await tryAdvisoryLock(t.handle, key);
      expect(next).not.toBeNull();
      await next?.release();
    },
  );

  it.skipIf(onPostgres)("is always this process's on PGlite, which serves one process only", async () => {
    const lock = await tryAdvisoryLock(t.handle, ADVISORY_LOCKS.chainFollower);
    expect(await lock?.verify()).toBe(true);
    await lock?.release();
  });
});
