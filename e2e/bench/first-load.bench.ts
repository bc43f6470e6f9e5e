// `npm run bench`: what the first load of each screen in FIRST_LOAD_ROUTES costs on the wire, measured
// in the system Chromium against the built app (built here first, so the figures are the source's):
// JavaScript, stylesheets and everything, compressed bytes as the browser received them. Sizes are
// deterministic for a build; the e2e test tests/first-load.spec.ts fails CI above the limit.
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
import { startBuiltServer } from "./built-server.js";

const { baseURL, stop } = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3390));
try {
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
  stop();
}
