import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const WAIT_MS = 30_000;

/**
 * Runs `work` while no other test, in any worker, runs work for the same account. Signing in mails a code
 * and replaces the account's previous challenge, so two sign-ins to one seeded account at once would
 * spoil each other; this makes them take turns. The lock is a directory (mkdir is atomic) under the run's
 * data directory, removed when the work ends. A lock held longer than `waitMs` (30 s) fails the test
 * loudly. The bank's own things tests take turns with are locked by name the same way (the cold vault).
 */
export async function withAccountLock<T>(
  email: string,
  work: () => Promise<T>,
  waitMs = WAIT_MS,
): Promise<T> {
  const locks = join(process.env.E2E_DATA_DIR ?? tmpdir(), "e2e-account-locks");
  await mkdir(locks, { recursive: true });
  const lock = join(locks, encodeURIComponent(email));
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline)
        throw new Error(`${email} stayed in use by another test for ${waitMs / 1000} s`);
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
