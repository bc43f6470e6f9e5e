import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { csrf } from "./csrf.js";
import { errorHandler } from "./error-handler.js";

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  // Answers PUBLIC_URL's host, and localhost:80 (the test port) outside production.
  t = await createTestApp({ config: { publicUrl: "http://bank.example:8443" } });
  t.app.post("/api/test/echo", async () => ({ ok: true }));
  t.app.post("/api/test/upload", { config: { acceptsMultipart: true } }, async () => ({ ok: true }));
  t.app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null, {}));
  proxied = await createTestApp({ config: { trustProxy: true, publicUrl: "https://bank.example" } });
  proxied.app.post("/api/test/echo", async () => ({ ok: true }));
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const json = { "content-type": "application/json" };
const post = (app: TestApp, headers: Record<string, string>, url = "/api/test/echo", payload = "{}") =>
  app.app.inject({ method: "POST", url, headers, payload });

describe("cross-site request refusal", () => {
  it("accepts same-origin JSON", async () => {
    for (const headers of [
      json,
      { ...json, "sec-fetch-site": "same-origin" },
      { ...json, "sec-fetch-site": "none" },
      { ...json, origin: "http://localhost:80" },
      { ...json, host: "bank.example:8443", origin: "http://bank.example:8443" },
      { "content-type": "application/json; charset=utf-8" },
    ]) {
      const res = await post(t, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("refuses a cross-site or same-site fetch with 403", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = await post(t, { ...json, "sec-fetch-site": site });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: "FORBIDDEN",
        message: "Cross-site requests are not accepted.",
      });
    }
  });

  it("refuses a foreign Origin with 403", async () => {
    const foreign = [
      "https://evil.example",
      "http://localhost:8080",
      "https://localhost",
      "null",
      "https://bank.example:8443",
      "http://bank.example",
    ];
    for (const origin of foreign) {
      const res = await post(t, { ...json, origin });
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it("refuses a body that is not JSON with 415, before any route work", async () => {
    const notJson: Record<string, string>[] = [
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded" },
      { "content-type": "multipart/form-data; boundary=x" },
      {},
    ];
    for (const headers of notJson) {
      const res = await post(t, headers, "/api/auth/login", "email=a@b.c&password=12345678");
      expect(res.statusCode, JSON.stringify(headers)).toBe(415);
      expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("lets a route opt in to multipart uploads", async () => {
    const res = await post(
      t,
      { "content-type": "multipart/form-data; boundary=x" },
      "/api/test/upload",
      "--x--",
    );
    expect(res.statusCode).toBe(200);
  });

  it("does not check reads", async () => {
    const res = await t.app.inject({
      url: "/api/meta",
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("accepts PUBLIC_URL's origin behind a proxy (TRUST_PROXY), not another's", async () => {
    const forwarded = {
      ...json,
      origin: "https://bank.example",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "bank.example",
    };
    expect((await post(proxied, forwarded)).statusCode).toBe(200);
    // The same request to a bank whose PUBLIC_URL is another origin.
    expect((await post(t, forwarded)).statusCode).toBe(403);
  });

  it("compares Origin with the configured origins, never with the request's own Host", async () => {
    // The check on its own, without the host check before it: a page of another site whose name points at
    // this machine (DNS rebinding) sends its own name as Host and as Origin.
    const bare = Fastify();
    await bare.register(errorHandler);
    await bare.register(csrf, { origins: new Set(["http://localhost:3000"]) });
    bare.post("/api/test/echo", async () => ({ ok: true }));
    try {
      const rebound = { ...json, host: "attacker.example:3000", origin: "http://attacker.example:3000" };
      const res = await bare.inject({
        method: "POST",
        url: "/api/test/echo",
        headers: rebound,
        payload: "{}",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: "FORBIDDEN",
        message: "Cross-site requests are not accepted.",
      });
      const ours = { ...rebound, origin: "http://localhost:3000" };
      const accepted = await bare.inject({
        method: "POST",
        url: "/api/test/echo",
        headers: ours,
        payload: "{}",
      });
      expect(accepted.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
