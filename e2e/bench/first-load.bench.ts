// `npm run bench`: what the first load of each screen in FIRST_LOAD_ROUTES costs on the wire, measured
// in the system Chromium against the built app (built here first, so the figures are the source's):
// JavaScript, stylesheets and everything, compressed bytes as the browser received them. Sizes are
// deterministic for a build; the e2e test tests/first-load.spec.ts fails CI above the limit.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { chromiumLaunchOptions } from "../support/chromium.js";
import {
  FIRST_LOAD_ROUTES,
  FIRST_LOAD_SCRIPT_GOAL,
  FIRST_LOAD_SCRIPT_LIMIT,
  kilobytes,
  measureFirstLoad,
} from "../support/first-load.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const port = Number(process.env.BENCH_PORT ?? 3390);
const baseURL = `http://127.0.0.1:${port}`;

async function waitForHealth(deadline: number): Promise<void> {
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

const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
if (build.status !== 0) throw new Error("npm run build failed");

const dataDir = mkdtempSync(join(tmpdir(), "satsbank-bench-"));
const server = spawn("node", ["apps/server/dist/main.js"], {
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
try {
  await waitForHealth(Date.now() + 60_000);
  const browser = await chromium.launch(chromiumLaunchOptions);
  console.info(
    `first load, compressed bytes on the wire (goal: JavaScript under ${kilobytes(FIRST_LOAD_SCRIPT_GOAL)}, CI fails above ${kilobytes(FIRST_LOAD_SCRIPT_LIMIT)})`,
  );
  console.info("route             JavaScript        CSS      all     files  goal");
  for (const route of FIRST_LOAD_ROUTES) {
    let storageState:
      | Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>
      | undefined;
    if (route.signedIn) {
      const signingUp = await browser.newContext({ baseURL });
      await signUp(await signingUp.newPage());
      storageState = await signingUp.storageState();
      await signingUp.close();
    }
    const context = await browser.newContext({ baseURL, ...(storageState ? { storageState } : {}) });
    const load = await measureFirstLoad(await context.newPage(), route.path, route.heading);
    await context.close();
    const scripts = load.files.filter((file) => file.type === "script").length;
    console.info(
      [
        route.path.padEnd(16),
        kilobytes(load.scriptBytes).padStart(11),
        kilobytes(load.stylesheetBytes).padStart(10),
        kilobytes(load.totalBytes).padStart(9),
        `${String(load.files.length).padStart(4)} (${scripts} js)`,
        load.scriptBytes < FIRST_LOAD_SCRIPT_GOAL ? "met" : "MISSED",
      ].join(" "),
    );
  }
  await browser.close();
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
