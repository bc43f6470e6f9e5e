import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseInUseError, lockDataDir } from "./data-dir-lock.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function pgDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "satsbank-lock-"));
  dirs.push(dir);
  return path.join(dir, "pg");
}

describe("lockDataDir", () => {
  it("keeps a second holder out while the first runs, and lets it in after release", async () => {
    const dir = await pgDir();
    const release = await lockDataDir(dir);
    expect(await readFile(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    // Another running process holds it (pid 1 always runs).
    await writeFile(`${dir}.lock`, "1");
    await expect(lockDataDir(dir)).rejects.toThrow(DatabaseInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(
      /in use by another process \(pid 1\): stop the server first/,
    );
    await writeFile(`${dir}.lock`, String(process.pid));
    await release();
    await (await lockDataDir(dir))();
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dir = await pgDir();
    await writeFile(`${dir}.lock`, "999999999");
    const release = await lockDataDir(dir);
    expect(await readFile(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    await release();
  });
});
