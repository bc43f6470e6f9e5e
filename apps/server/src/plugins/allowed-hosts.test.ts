import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { apiPaths } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { allowedHosts, misdirectedText } from "./allowed-hosts.js";

const misdirected = { code: "MISDIRECTED_REQUEST", message: misdirectedText };

describe("allowedHosts", () => {
  it("is PUBLIC_URL's host in production, with and without its default port", () => {
    const allowed = allowedHosts({ publicUrl: "https://Bank.Example", port: 3000, nodeEnv: "production" });
    expect([...allowed.hosts]).toEqual(["bank.example", "bank.example:443"]);
    expect([...allowed.origins]).toEqual(["https://bank.example"]);
  });

  it("adds localhost, 127.0.0.1 and [::1] on PORT outside production", () => {
    const allowed = allowedHosts({ publicUrl: "http://bank.test:3000", port: 3000, nodeEnv: "development" });
    expect([...allowed.hosts]).toEqual(["bank.test:3000", "localhost:3000", "127.0.0.1:3000", "[::1]:3000"]);
    expect([...allowed.origins]).toEqual([
      "http://bank.test:3000",
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
  });

  it("names port 80 both ways, as browsers leave it out", () => {
    const allowed = allowedHosts({ publicUrl: "http://localhost:80", port: 80, nodeEnv: "test" });
    expect(allowed.hosts).toEqual(
      new Set(["localhost", "localhost:80", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:80"]),
    );
    expect(allowed.origins).toEqual(new Set(["http://localhost", "http://127.0.0.1", "http://[::1]"]));
  });
});

const get = (t: TestApp, host: string, url: string = apiPaths.meta) =>
  t.app.inject({ url, headers: { host }, remoteAddress: "127.0.0.1" });

describe("a development server (PUBLIC_URL=http://bank.test:3000, PORT=3000)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { port: 3000, publicUrl: "http://bank.test:3000" } });
  });
  afterAll(() => t.close());

  it("answers localhost, 127.0.0.1 and [::1] on its port, and PUBLIC_URL's host", async () => {
    for (const host of [
      "localhost:3000",
      "127.0.0.1:3000",
      "[::1]:3000",
      "bank.test:3000",
      "LocalHost:3000",
    ]) {
      const res = await get(t, host);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
    }
  });

  it("answers any other host 421 before any route: API, web app, unknown paths", async () => {
    const foreign = [
      "attacker.example",
      "attacker.example:3000",
      "localhost.attacker.example:3000",
      "localhost:3001",
      "localhost",
      "bank.test",
      "192.168.1.20:3000",
      "127.0.0.2:3000",
    ];
    for (const host of foreign) {
      for (const url of [apiPaths.meta, "/", "/dashboard", "/api/nothing-here", "/dev/mailbox"]) {
        const res = await get(t, host, url);
        expect(res.statusCode, `${host} ${url}: ${res.body}`).toBe(421);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ error: misdirected });
      }
    }
  });

  it("answers a request that names no host (HTTP/1.0 allows it) 421", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end(`GET ${apiPaths.meta} HTTP/1.0\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 421 /);
    expect(answer).toContain(misdirected.message);
  });

  it("answers the health check whatever the host (load balancers and probes name an address)", async () => {
    for (const host of ["attacker.example", "10.0.0.7:3000", "localhost:3000"]) {
      const res = await get(t, host, "/healthz");
      expect(res.statusCode, host).toBe(200);
      expect(res.json()).toMatchObject({ status: "ok" });
    }
  });
});

describe("a production server (PUBLIC_URL=https://bank.example)", () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    const config = { nodeEnv: "production", port: 3000, publicUrl: "https://bank.example" } as const;
    t = await createTestApp({ config });
    proxied = await createTestApp({ config: { ...config, trustProxy: true } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  it("answers PUBLIC_URL's host only: no localhost", async () => {
    for (const host of ["bank.example", "bank.example:443", "BANK.EXAMPLE"]) {
      expect((await get(t, host)).statusCode, host).toBe(200);
    }
    for (const host of [
      "localhost:3000",
      "127.0.0.1:3000",
      "[::1]:3000",
      "www.bank.example",
      "bank.example:3000",
    ]) {
      const res = await get(t, host);
      expect(res.statusCode, host).toBe(421);
      expect(res.json()).toEqual({ error: misdirected });
    }
  });

  it("judges the host Fastify routes by: X-Forwarded-Host only with TRUST_PROXY", async () => {
    // A reverse proxy that names its upstream in Host and the public name in X-Forwarded-Host.
    const behindProxy = { host: "10.0.0.7:3000", "x-forwarded-host": "bank.example" };
    const viaProxy = await proxied.app.inject({ url: apiPaths.meta, headers: behindProxy });
    expect(viaProxy.statusCode, viaProxy.body).toBe(200);
    expect((await t.app.inject({ url: apiPaths.meta, headers: behindProxy })).statusCode).toBe(421);
    // Trusted, the forwarded name is the one judged, whatever Host says.
    const forwardedForeign = { host: "bank.example", "x-forwarded-host": "attacker.example" };
    expect((await proxied.app.inject({ url: apiPaths.meta, headers: forwardedForeign })).statusCode).toBe(
      421,
    );
  });
});
