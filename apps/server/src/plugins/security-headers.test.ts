import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "satsbank-dist-"));
  await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>Satsbank</title>");
  t = await createTestApp({ config: { webDistDir: distDir } });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

function directives(csp: string | undefined): Map<string, string> {
  expect(csp).toBeDefined();
  return new Map(
    (csp ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("security headers", () => {
  it.each(["/dashboard", "/api/meta", "/api/nope", "/healthz"])("are on %s", async (url) => {
    const res = await t.app.inject({ url });
    const csp = directives(res.headers["content-security-policy"] as string | undefined);
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("script-src")).toBe("'self'");
    expect(csp.get("script-src")).not.toContain("unsafe-inline");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("allows no inline script when the web app has none", async () => {
    const csp = directives((await t.app.inject({ url: "/" })).headers["content-security-policy"] as string);
    expect(csp.get("script-src")).toBe("'self'");
  });

  it("marks every API answer no-store, so balances never sit in a cache", async () => {
    for (const url of ["/api/meta", "/api/nope", "/api/docs/json"]) {
      expect((await t.app.inject({ url })).headers["cache-control"]).toBe("no-store");
    }
  });

  it("gives every response a fresh request id and ignores one sent by the client", async () => {
    const first = await t.app.inject({ url: "/api/meta", headers: { "x-request-id": "forged" } });
    const second = await t.app.inject({ url: "/api/meta" });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first.headers["x-request-id"]).toMatch(uuid);
    expect(second.headers["x-request-id"]).toMatch(uuid);
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
  });
});

describe("the inline scripts of the pages (apps/web/build/inline-scripts.ts)", () => {
  const THEME = 'document.documentElement.className="dark";\n';
  const EARLY = "window.satsbankEarly={};\n";
  // sha256 of each script's bytes, base64: worked out once outside the code under test.
  const THEME_HASH = "'sha256-qUF29tIDztkFajqx5WISFkEGPAJrXVeGDrsd96EPZ+I='";
  const EARLY_HASH = "'sha256-3C8K4oPSbFWeHTc7hoiz9x1s08JyiM0KPNMF+B1bJJQ='";

  /** script-src with a built web app holding these files (name to text), the same on a page and the API. */
  async function scriptSrcWith(files: Record<string, string>): Promise<string | undefined> {
    const dir = await mkdtemp(path.join(tmpdir(), "satsbank-dist-"));
    try {
      await writeFile(path.join(dir, "index.html"), "<!doctype html><title>Satsbank</title>");
      for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
      const app = await createTestApp({ config: { webDistDir: dir } });
      try {
        const pages = ["/auth/login", "/api/meta"].map((url) => app.app.inject({ url }));
        const policies = (await Promise.all(pages)).map((res) => res.headers["content-security-policy"]);
        expect(new Set(policies).size).toBe(1);
        return directives(policies[0] as string).get("script-src");
      } finally {
        await app.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("are allowed by the hashes of the built files' bytes, and by nothing looser", async () => {
    const scriptSrc = await scriptSrcWith({ "theme-init.js": THEME, "early-data.js": EARLY });
    expect(scriptSrc).toBe(`'self' ${THEME_HASH} ${EARLY_HASH}`);
    expect(scriptSrc).not.toContain("unsafe");
  });

  it("are allowed as they change: another script, another hash", async () => {
    const changed = await scriptSrcWith({ "theme-init.js": 'document.documentElement.className="light";\n' });
    expect(changed).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(changed).not.toContain(THEME_HASH);
  });

  it("are not allowed by other files of the build", async () => {
    expect(await scriptSrcWith({ "other.js": THEME })).toBe("'self'");
  });
});
