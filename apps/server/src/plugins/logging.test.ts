import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggedUrl, loggerOptions, requestIdHeader, requestIdOptions } from "./logging.js";

describe("the request log", () => {
  it("carries the request id the client sees, and never a credential", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const options = loggerOptions({ nodeEnv: "production", logLevel: "info" });
    expect(options).toBeTypeOf("object");
    const app = Fastify({ logger: { ...(options as object), stream }, ...requestIdOptions });
    await app.register(requestIdHeader);
    app.post("/login", async (request) => {
      request.log.info({ body: request.body, user: { profile: { secret: "s3" } } }, "sign-in attempt");
      return { ok: true };
    });

    const res = await app.inject({
      method: "POST",
      url: "/login",
      headers: { authorization: "Bearer abc", cookie: "sid=xyz" },
      payload: { email: "a@b.c", password: "hunter2", token: "123456" },
    });
    await app.close();

    const log = JSON.stringify(lines);
    expect(log).not.toMatch(/hunter2|123456|"s3"|Bearer abc|sid=xyz/);
    const attempt = lines.find((line) => line.msg === "sign-in attempt");
    expect(attempt?.body).toEqual({ email: "a@b.c", password: "[redacted]", token: "[redacted]" });
    expect(attempt?.reqId).toBe(res.headers["x-request-id"]);
  });

  it("keeps a URL's query names but never their values (an emailed link's token, a search)", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({
      logger: { ...(loggerOptions({ nodeEnv: "production", logLevel: "info" }) as object), stream },
    });
    app.get("/auth/reset-password", async () => ({ ok: true }));
    await app.inject({ method: "GET", url: "/auth/reset-password?token=s3cr3t-t0ken&q=alice%40example.com" });
    await app.close();

    expect(JSON.stringify(lines)).not.toMatch(/s3cr3t-t0ken|alice/);
    const incoming = lines.find((line) => line.msg === "incoming request");
    expect(incoming?.req).toMatchObject({
      method: "GET",
      url: "/auth/reset-password?token=[redacted]&q=[redacted]",
    });
    expect(loggedUrl("/api/history")).toBe("/api/history");
    expect(loggedUrl("/api/history?")).toBe("/api/history");
    expect(loggedUrl("/x?flag&a=1")).toBe("/x?flag=[redacted]&a=[redacted]");
  });

  it("is switched off entirely at LOG_LEVEL=silent", () => {
    expect(loggerOptions({ nodeEnv: "production", logLevel: "silent" })).toBe(false);
  });

  it("is pretty while developing and JSON lines otherwise", () => {
    expect(loggerOptions({ nodeEnv: "development", logLevel: "debug" })).toMatchObject({
      level: "debug",
      transport: { target: "pino-pretty" },
    });
    expect(loggerOptions({ nodeEnv: "production", logLevel: "info" })).not.toHaveProperty("transport");
  });
});
