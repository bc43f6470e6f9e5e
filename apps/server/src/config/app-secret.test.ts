import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withAppSecret } from "./app-secret.js";
import { loadConfig } from "./config.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "satsbank-secret-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

describe("withAppSecret", () => {
  it("uses APP_SECRET when it is set, and writes nothing", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir, APP_SECRET: "a".repeat(32) });
    expect((await withAppSecret(config)).appSecret).toBe("a".repeat(32));
    await expect(stat(path.join(dir, "app-secret"))).rejects.toThrow();
  });

  it("generates a secret on first start, readable only by the owner, with a warning, and keeps it", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const warnings: string[] = [];
    const first = await withAppSecret(config, (message) => warnings.push(message));
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(warnings.join()).toContain("APP_SECRET is not set");
    const file = path.join(dir, "app-secret");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toBe(first.appSecret);

    const again = await withAppSecret(config, (message) => warnings.push(message));
    expect(again.appSecret).toBe(first.appSecret);
    expect(warnings).toHaveLength(1);
  });

  it("refuses a secret file that holds too little", async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    await withAppSecret(config, () => {});
    await writeFile(path.join(dir, "app-secret"), "short\n");
    await expect(withAppSecret(config)).rejects.toThrow(/no usable secret/);
  });
});
