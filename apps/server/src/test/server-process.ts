import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { TEST_WALLET_MNEMONIC, testConfig } from "./test-config.js";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));

/** The real server (src/main.ts) in a child process of its own, as an operator starts it. */
export type ServerProcess = {
  /** Where it listens, e.g. http://127.0.0.1:40123 (null for SERVER_ROLE=worker). */
  url: string | null;
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr (JSON log lines). */
  output(): string;
  /** Sends the signal and waits until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * Starts `node --import tsx src/main.ts` with the test configuration's secrets (sessions and deposit
 * addresses match the in-process test app's), JSON logs, a free port, and `env` on top (DATABASE_URL, DATA_DIR,
 * SERVER_ROLE...). Answers once it listens, or, for a worker, once it says the worker runs.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { startTimeoutMs = 60_000 }: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--conditions=development", "--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...inherited,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      APP_SECRET: testConfig().appSecret,
      WALLET_MNEMONIC: TEST_WALLET_MNEMONIC,
      WEB_DIST_DIR: "/nonexistent/web-dist",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<string | null>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${startTimeoutMs} ms:\n${output}`)),
      startTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening !== null || output.includes("the worker runs")) {
        clearTimeout(timer);
        resolve(listening?.[1] ?? null);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${output}`));
    });
  });
  const kill = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    const url = await ready;
    return { url, child, output: () => output, kill };
  } catch (error) {
    await kill("SIGKILL");
    throw error;
  }
}

/** A port nothing listens on now (PORT=0 is refused by the configuration). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
