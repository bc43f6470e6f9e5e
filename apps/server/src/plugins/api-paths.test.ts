import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, signUp } from "../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { spellings } from "../test/url-spellings.js";
import { badUrlText } from "./framework-errors.js";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUp(t));
});
afterAll(() => t.close());

const json = { "content-type": "application/json" };

describe("checks judge the path the router routes, not the raw URL", () => {
  it("spells paths the router still routes", async () => {
    expect(spellings("/api")).toEqual(expect.arrayContaining(["/%61pi", "/a%70i", "/%61%70%69"]));
    for (const url of spellings("/api/meta")) expect((await getJson(t, url)).statusCode, url).toBe(200);
  });

  it("refuses a cross-site sign-out however its path is spelled, and the session lives on", async () => {
    for (const url of spellings("/api/auth/logout")) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...json, origin: "https://evil.example" },
        cookies: { satsbank_session: token },
        payload: "{}",
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    expect((await getJson(t, "/api/auth/me", { cookie: token })).statusCode).toBe(200);
  });

  it("refuses a cross-site request to an unrouted API path that decodes like one", async () => {
    for (const url of ["/%61pi/nope", "/api%2Fauth/logout"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...json, "sec-fetch-site": "cross-site" },
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it("reads the session however the path is spelled", async () => {
    for (const url of spellings("/api/auth/me")) {
      const res = await getJson(t, url, { cookie: token });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().user.id).toBeDefined();
    }
  });

  it("marks every API answer no-store however its path is spelled, routed or not", async () => {
    for (const url of [...spellings("/api/meta"), ...spellings("/api/nope"), "/api%2Fmeta", "/%61pi"]) {
      const res = await t.app.inject({ url });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("leaves paths outside the API alone", async () => {
    const res = await t.app.inject({ url: "/%68ealthz" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBeUndefined();
  });
});

describe("a URL the router refuses", () => {
  it("answers 400 in the error shape, with the security headers and a request id", async () => {
    for (const url of ["/%E0%A4%A", "/api/%ZZ", "/api/transactions/%E0%A4%A", "/api/auth/me%"]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await t.app.inject({ method, url, cookies: { satsbank_session: token } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ error: { code: "BAD_REQUEST", message: badUrlText } });
        expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["x-request-id"]).toBeDefined();
      }
    }
  });

  it("answers a parameter too long for the router in the error shape too", async () => {
    const res = await t.app.inject({ url: `/api/transactions/${"a".repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe("BAD_REQUEST");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});
