import { metaResponseSchema } from "@satsbank/shared";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("GET /api/meta", () => {
  it("tells the web app the brand name, Satsbank by default", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: "/api/meta" });
    expect(res.statusCode).toBe(200);
    expect(metaResponseSchema.strict().parse(res.json())).toEqual({
      brandName: "Satsbank",
      chain: "sandbox",
      confirmations: 1,
    });
  });

  it("tells the confirmations a deposit and a withdrawal need (CONFIRMATIONS): the app counts them on pending rows", async () => {
    t = await createTestApp({ config: { confirmations: 3 } });
    expect((await t.app.inject({ url: "/api/meta" })).json()).toMatchObject({ confirmations: 3 });
  });

  it("uses BRAND_NAME when the operator sets one", async () => {
    t = await createTestApp({ config: { brandName: "Acme Bank" } });
    expect((await t.app.inject({ url: "/api/meta" })).json()).toEqual({
      brandName: "Acme Bank",
      chain: "sandbox",
      confirmations: 1,
    });
  });
});
