import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { testConfig } from "../test/test-config.js";

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3.js"></script></head></html>';

const LOGIN =
  '<!doctype html><html><body><div id="root" data-prerendered><h1>Welcome Back</h1></div></body></html>';
const SPLASH =
  '<!doctype html><html><body><div id="root" data-prerendered><p>Tagline</p></div></body></html>';

/** A page as the server sends it: marked with the installation's chain (spa-pages.ts). */
const CHAIN = testConfig().chainBackend.kind;
const sent = (page: string) => page.replace("<html>", `<html data-chain="${CHAIN}">`);

const APP_JS = "console.log('app');".repeat(50);

describe("the built web app", () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    // The shape `vite build` leaves in apps/web/dist.
    distDir = await mkdtemp(path.join(tmpdir(), "satsbank-dist-"));
    await mkdir(path.join(distDir, "assets"));
    await mkdir(path.join(distDir, "icons"));
    await writeFile(path.join(distDir, "index.html"), INDEX);
    await writeFile(path.join(distDir, "assets", "index-a1b2c3.js"), APP_JS);
    // The build's compressed copies (apps/web/build/precompress.ts); the stylesheet has none.
    await writeFile(path.join(distDir, "assets", "index-a1b2c3.js.br"), brotliCompressSync(APP_JS));
    await writeFile(path.join(distDir, "assets", "index-a1b2c3.js.gz"), gzipSync(APP_JS));
    await writeFile(path.join(distDir, "index.html.br"), brotliCompressSync(INDEX));
    await writeFile(path.join(distDir, "index.html.gz"), gzipSync(INDEX));
    await writeFile(path.join(distDir, "assets", "index-d4e5f6.css"), "body{}");
    await writeFile(path.join(distDir, "assets", "index-a1b2c3.js.map"), '{"sources":["src/main.tsx"]}');
    await writeFile(path.join(distDir, "manifest.webmanifest"), '{"name":"Satsbank"}');
    await writeFile(path.join(distDir, "theme-init.js"), "document.documentElement.className='light'");
    await writeFile(path.join(distDir, "icons", "icon.svg"), "<svg/>");
    // The pages the build draws in advance (apps/web/build/prerender.ts).
    await mkdir(path.join(distDir, "prerendered", "auth"), { recursive: true });
    await writeFile(path.join(distDir, "prerendered", "auth", "login.html"), LOGIN);
    await writeFile(path.join(distDir, "prerendered", "auth", "login.html.br"), brotliCompressSync(LOGIN));
    await writeFile(path.join(distDir, "prerendered", "splash.html"), SPLASH);
    t = await createTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it.each(["/", "/dashboard", "/profile/security", "/no/such/page", "/admin/users?page=2"])(
    "answers %s with index.html, so deep links and reloads reach the client router",
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toBe(sent(INDEX));
    },
  );

  it.each([
    ["/auth/login", LOGIN],
    ["/auth/login?next=%2Fwallet", LOGIN],
    ["/splash", SPLASH],
    ["/auth/signup", INDEX],
  ])("answers %s with the page the build drew in advance, when there is one", async (url, page) => {
    const res = await t.app.inject({ url, headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(sent(page));
  });

  it("sends a drawn page's compressed copy like any other file", async () => {
    const res = await t.app.inject({ url: "/auth/login", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(sent(LOGIN));
  });

  it("answers HEAD for a page like GET, without a body", async () => {
    const res = await t.app.inject({ method: "HEAD", url: "/wallet" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toBe("");
  });

  it("lets browsers keep hashed assets for a year", async () => {
    for (const file of ["index-a1b2c3.js", "index-d4e5f6.css"]) {
      const res = await t.app.inject({ url: `/assets/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("makes browsers revalidate files whose names do not change between releases", async () => {
    for (const url of ["/manifest.webmanifest", "/theme-init.js", "/icons/icon.svg", "/index.html"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.etag).toBeDefined();
    }
  });

  it("sends the build's brotli copy to a browser that accepts it, else gzip, else the plain file", async () => {
    const url = "/assets/index-a1b2c3.js";
    const br = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it("sends index.html compressed for every page path, still revalidated on every use", async () => {
    const res = await t.app.inject({ url: "/dashboard", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(sent(INDEX));
    const gz = await t.app.inject({ url: "/dashboard", headers: { "accept-encoding": "gzip;q=1, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(sent(INDEX));
  });

  it("marks every page with the installation's chain, so the stylesheet keeps the sandbox banner's place", async () => {
    expect(CHAIN).toBe("sandbox");
    for (const url of ["/", "/auth/login", "/wallet"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "identity" } });
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body).toMatch(/^<!doctype html><html data-chain="sandbox">/);
    }
  });

  it("sends the plain file when the build made no compressed copy", async () => {
    const res = await t.app.inject({ url: "/assets/index-d4e5f6.css", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe("body{}");
  });

  it("never serves the compressed copies by their own names", async () => {
    for (const url of ["/assets/index-a1b2c3.js.br", "/assets/index-a1b2c3.js.gz"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
    // Outside assets/ an unknown file name is a page path: the app answers it, not the brotli file.
    const page = await t.app.inject({ url: "/index.html.br" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toBe(sent(INDEX));
  });

  it("answers a missing hashed asset with 404, not with index.html", async () => {
    const res = await t.app.inject({ url: "/assets/index-old999.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });

  it("never answers an unknown API path with the app", async () => {
    for (const accept of ["application/json", "text/html"]) {
      const res = await t.app.inject({ url: "/api/nope", headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Route GET /api/nope not found" } });
    }
  });

  it("never serves the source maps the build keeps", async () => {
    for (const url of [
      "/assets/index-a1b2c3.js.map",
      "/assets/index-a1b2c3.js.MAP",
      "/assets/index-a1b2c3.js%2Emap",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("sources");
    }
  });

  it("judges a path as the router decodes it: an encoded API path is a JSON 404, not the app", async () => {
    for (const url of ["/%61pi/nope", "/%61%70%69/nope", "/api%2Fnope", "/%64ev/nope"]) {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers other methods on page paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "POST", url: "/dashboard" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});

describe("without a built web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDistDir: path.join(tmpdir(), "satsbank-no-such-dist") } });
  });
  afterAll(() => t.close());

  it("says how to build it instead of failing obscurely", async () => {
    const res = await t.app.inject({ url: "/dashboard" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: "SERVICE_UNAVAILABLE", message: "The web app is not built: run npm run build" },
    });
  });

  it("still serves the API", async () => {
    expect((await t.app.inject({ url: "/api/meta" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/nope" })).statusCode).toBe(404);
  });
});
