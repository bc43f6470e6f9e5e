import { open, readFile, unlink } from "node:fs/promises";
import { systemErrorCode } from "../domain/system-error.js";

/** The embedded database is open in another process that is still running. */
export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
  /** Like a system error: start-up prints the message alone, without a stack. */
  readonly code = "EDBINUSE";
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return systemErrorCode(error) === "EPERM";
  }
}

/**
 * PGlite lets two processes open the same data directory, and they then corrupt it. A lock file next
 * to it (`<dir>.lock`, holding the owner's pid) keeps a second process out: the server while another
 * runs, `npm run admin` or `npm run db:seed` while the server runs. A lock left by a crashed process is
 * taken over. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await unlink(file).catch(() => {});
      };
    } catch (error) {
      if (systemErrorCode(error) !== "EEXIST") throw error;
    }
    const pid = Number.parseInt(await readFile(file, "utf8").catch(() => ""), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new DatabaseInUseError(
        `The database in ${dataDir} is in use by another process (pid ${pid}): stop the server first.`,
      );
    }
    await unlink(file).catch(() => {}); // stale: its owner is gone
  }
  throw new DatabaseInUseError(`Could not lock the database in ${dataDir}`);
}
