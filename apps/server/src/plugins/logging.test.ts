import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggedUrl, loggerOptions, requestIdHeader, requestLogOptions } from "./logging.js";

/** An app logging as production does (JSON lines at info), each line parsed into `lines`. */
function productionLoggedApp() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { ...(loggerOptions({ nodeEnv: "production", logLevel: "info" }) as object), stream },
    ...requestLogOptions,
  });
  return { app, lines };
}

describe("the request log", () => {
  it("carries the request id the client sees, and never a credential", async () => {
    expect(loggerOptions({ nodeEnv: "production", logLevel: "info" })).toBeTypeOf("object");
    const { app, lines } = productionLoggedApp();
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
    const { app, lines } = productionLoggedApp();
    app.get("/auth/reset-password", async () => ({ ok: true }));
    await app.inject({ method: "GET", url: "/auth/reset-password?token=s3cr3t-t0ken&q=alice%40example.com" });
    await app.close();

    expect(JSON.stringify(lines)).not.toMatch(/s3cr3t-t0ken|alice/);
    const completed = lines.find((line) => line.msg === "request completed");
    expect(completed?.req).toMatchObject({
      method: "GET",
      url: "/auth/reset-password?token=[redacted]&q=[redacted]",
    });
    expect(loggedUrl("/api/history")).toBe("/api/history");
    expect(loggedUrl("/api/history?")).toBe("/api/history");
    expect(loggedUrl("/x?flag&a=1")).toBe("/x?flag=[redacted]&a=[redacted]");
  });

  it("is one line per request, with what an operator looks for", async () => {
    const { app, lines } = productionLoggedApp();
    await app.register(requestIdHeader);
    app.get("/api/wallet", async () => ({ ok: true }));
    const res = await app.inject({ method: "GET", url: "/api/wallet", remoteAddress: "192.0.2.7" });
    await app.close();

    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      reqId: res.headers["x-request-id"],
      req: { method: "GET", url: "/api/wallet", remoteAddress: "192.0.2.7" },
      res: { statusCode: 200 },
    });
    expect(requestLines[0]?.responseTime).toBeTypeOf("number");
    expect(requestLines[0]).toHaveProperty("time");
    expect(requestLines[0]).toHaveProperty("pid");
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
