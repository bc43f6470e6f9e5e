// The built product (`npm run build`, then `node apps/server/dist/main.js`) on a loopback port with an
// empty data directory, as the browser benchmarks measure it: the same files and headers `npm start`
// serves, none of the test server's manual clock.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface BuiltServer {
  baseURL: string;
  stop(): void;
}

async function waitForHealth(baseURL: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not answer ${baseURL}/healthz within 60 s`);
}

/** Builds the product from the source, so the figures are the source's, and serves it on `port`. */
export async function startBuiltServer(port: number): Promise<BuiltServer> {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");

  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "satsbank-bench-"));
  const server: ChildProcess = spawn("node", ["apps/server/dist/main.js"], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
    },
  });
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, Date.now() + 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseURL, stop };
}
