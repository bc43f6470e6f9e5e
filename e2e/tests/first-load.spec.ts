import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import {
  FIRST_LOAD_ROUTES,
  FIRST_LOAD_SCRIPT_LIMIT,
  kilobytes,
  measureFirstLoad,
} from "../support/first-load.js";

const webDistDir = process.env.WEB_DIST_DIR
  ? resolve(process.env.WEB_DIST_DIR)
  : join(dirname(fileURLToPath(import.meta.url)), "..", "..", "apps", "web", "dist");

/** The staff dashboard's chunks: its guard, layout and screen (router.tsx). */
const STAFF_CHUNK = /^\/assets\/(admin|admin-layout|require-admin)-[\w-]+\.js$/;

// Sizes are deterministic for a build, unlike times: this test holds the first-load budget in CI.
// `npm run bench` prints the same figures (bench/first-load.bench.ts).

for (const route of FIRST_LOAD_ROUTES) {
  test(`the first load of ${route.path} takes under ${kilobytes(FIRST_LOAD_SCRIPT_LIMIT)} of JavaScript, compressed and cacheable`, async ({
    browser,
  }) => {
    let storageState:
      | Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>
      | undefined;
    if (route.signedIn) {
      const signingUp = await browser.newContext();
      await signUp(await signingUp.newPage());
      storageState = await signingUp.storageState();
      await signingUp.close();
    }
    // A new context: an empty cache, as on a first visit.
    const context = await browser.newContext(storageState ? { storageState } : {});
    const page = await context.newPage();
    const load = await measureFirstLoad(page, route.path, route.heading);
    test.info().annotations.push({
      type: "first load",
      description: `${route.path}: ${kilobytes(load.scriptBytes)} of JavaScript in ${load.files.filter((f) => f.type === "script").length} files, ${kilobytes(load.totalBytes)} in all`,
    });

    expect(load.scriptBytes, "JavaScript bytes on the wire").toBeLessThanOrEqual(FIRST_LOAD_SCRIPT_LIMIT);
    // Every text file came compressed (the browser asks for brotli), and the screen's staff code never. A
    // file of a few hundred bytes may come as it is: the build keeps no compressed copy that is not smaller.
    const plain = load.files.filter(
      (file) => file.encoding !== "br" && file.type !== "other" && file.wireBytes >= 512,
    );
    expect(plain.map((file) => file.path)).toEqual([]);
    expect(load.files.map((file) => file.path).filter((path) => STAFF_CHUNK.test(path))).toEqual([]);

    // Hashed files are cached for a year; the page itself is revalidated on every visit.
    const page2 = await context.request.get(route.path);
    expect(page2.headers()["cache-control"]).toBe("no-cache");
    const script = load.files.find((file) => file.type === "script" && file.path.startsWith("/assets/"));
    if (!script) throw new Error("no hashed script was loaded");
    const asset = await context.request.get(script.path, { headers: { "accept-encoding": "br" } });
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-encoding"]).toBe("br");
    await context.close();
  });
}

test("the staff dashboard's code is in chunks of its own, which the pattern above recognises", () => {
  // Read from the build the server serves: without such chunks the check above could not fail.
  const assets = readdirSync(join(webDistDir, "assets")).map((name) => `/assets/${name}`);
  for (const name of ["admin", "admin-layout", "require-admin"]) {
    expect(
      assets.filter((path) => STAFF_CHUNK.test(path) && path.startsWith(`/assets/${name}-`)),
    ).not.toEqual([]);
  }
});
