import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { brandName: "Acme Bank", apiDocs: true } });
});
afterAll(() => t.close());

describe("API documentation", () => {
  it("serves the Swagger UI page at /api/docs", async () => {
    for (const url of ["/api/docs", "/api/docs/"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain('<div id="swagger-ui">');
      expect(res.body).toContain("<title>Acme Bank API documentation</title>");
    }
  });

  it("serves the scripts the page loads, under the same strict policy as the app", async () => {
    const res = await t.app.inject({ url: "/api/docs/static/swagger-initializer.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toContain("script-src 'self';");
  });

  it("generates the OpenAPI document from the routes, titled with the brand", async () => {
    const res = await t.app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Acme Bank API");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/meta", "/healthz"]));
    const metaSchema = doc.paths["/api/meta"].get.responses["200"].content["application/json"].schema;
    expect(metaSchema.properties).toHaveProperty("brandName");
    // The docs' own routes and the static files are not part of the API.
    expect(Object.keys(doc.paths).some((path) => path.startsWith("/api/docs") || path === "/*")).toBe(false);
  });
});

describe("without API_DOCS=true", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it("serves no documentation: the map of the API is opt-in", async () => {
    for (const url of [
      "/api/docs",
      "/api/docs/",
      "/api/docs/json",
      "/api/docs/static/swagger-initializer.js",
    ]) {
      const res = await plain.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });
});
