import { metaResponseSchema } from "@satsbank/shared";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { installationFacts } from "./routes.js";

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
      blockIntervalSeconds: expect.anything(),
    });
  });

  it("tells the confirmations a deposit and a withdrawal need (CONFIRMATIONS): the app counts them on pending rows", async () => {
    t = await createTestApp({ config: { confirmations: 3 } });
    expect((await t.app.inject({ url: "/api/meta" })).json()).toMatchObject({ confirmations: 3 });
  });

  it("uses BRAND_NAME when the operator sets one", async () => {
    t = await createTestApp({ config: { brandName: "Acme Bank" } });
    expect((await t.app.inject({ url: "/api/meta" })).json()).toMatchObject({
      brandName: "Acme Bank",
      chain: "sandbox",
      confirmations: 1,
    });
  });

  it("tells how long a block takes: the app estimates a pending transaction's wait from it", async () => {
    t = await createTestApp({ config: { chainBackend: { kind: "sandbox", blockSeconds: 30 } } });
    expect((await t.app.inject({ url: "/api/meta" })).json()).toMatchObject({ blockIntervalSeconds: 30 });

    const facts = (
      chainBackend: Parameters<typeof installationFacts>[0]["chainBackend"],
      network = "mainnet",
    ) =>
      installationFacts({
        brandName: "Satsbank",
        confirmations: 3,
        chainBackend,
        bitcoinNetwork: network as "mainnet" | "regtest",
      }).blockIntervalSeconds;
    const node = { kind: "esplora", url: "https://esplora.example" } as const;
    expect(facts(node)).toBe(600);
    expect(facts(node, "regtest")).toBeNull();
    // A sandbox that mines only when asked gives no estimate.
    expect(facts({ kind: "sandbox", blockSeconds: 0 })).toBeNull();
  });
});
