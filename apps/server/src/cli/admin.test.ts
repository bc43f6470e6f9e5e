import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../db/data-dir-lock.js";

// The real command, in a child process, on its own embedded database (whatever the suite runs on).
const serverDir = fileURLToPath(new URL("../..", import.meta.url));
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-admin-cli-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function admin(args: string[], stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, APP_SECRET: _secret, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, NODE_ENV: "development", LOG_LEVEL: "silent" };
  const child = spawn(
    process.execPath,
    ["--conditions=development", "--import", "tsx", "src/cli/admin.ts", ...args],
    {
      cwd: serverDir,
      env,
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
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run admin -- create", () => {
  it("creates a staff account with a strong generated password shown once", async () => {
    const res = await admin(["create", "boss@bank.example", "--name", "Big Boss"]);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      "Created the staff account boss@bank.example (username bigboss, role admin).",
    );
    expect(res.stdout).toMatch(/Password \(shown once, write it down\): [A-Za-z0-9_-]{24}\n/);
  });

  it("refuses an email that has an account, in one clear line", async () => {
    const res = await admin(["create", "Boss@Bank.example", "--password-stdin"], "another-password\n");
    expect(res.code).toBe(1);
    expect(res.stderr).toBe("Error: An account with this email already exists: Boss@Bank.example\n");
  });

  it("refuses to open the database while a server holds it", async () => {
    const release = await lockDataDir(path.join(dataDir, "pg"));
    try {
      const res = await admin(["create", "second@bank.example"]);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        `is in use by another process (pid ${process.pid}): stop the server first.`,
      );
    } finally {
      await release();
    }
  });
});
