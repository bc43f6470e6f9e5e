import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.post("/api/test/echo", async () => ({ ok: true }));
  t.app.post("/api/test/upload", { config: { acceptsMultipart: true } }, async () => ({ ok: true }));
  t.app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null, {}));
  proxied = await createTestApp({ config: { trustProxy: true } });
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
    for (const origin of ["https://evil.example", "http://localhost:8080", "https://localhost", "null"]) {
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

  it("compares Origin with the forwarded scheme and host only with TRUST_PROXY", async () => {
    const forwarded = {
      ...json,
      origin: "https://bank.example",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "bank.example",
    };
    expect((await post(proxied, forwarded)).statusCode).toBe(200);
    expect((await post(t, forwarded)).statusCode).toBe(403);
  });
});
