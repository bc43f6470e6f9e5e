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
