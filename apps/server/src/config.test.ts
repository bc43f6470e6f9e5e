import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const cwd = "/srv/satsbank";

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("starts with the embedded defaults when nothing is set", () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "/srv/satsbank/data",
      database: { kind: "pglite", dataDir: "/srv/satsbank/data/pg" },
      nodeEnv: "development",
      brandName: "Satsbank",
      logLevel: "info",
    });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, "../../web/dist"));
  });

  it("reads every variable", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        HOST: "127.0.0.1",
        DATA_DIR: "/var/lib/satsbank",
        DATABASE_URL: "postgresql://bank:pw@db:5432/bank",
        NODE_ENV: "production",
        BRAND_NAME: "  Acme Bank  ",
        LOG_LEVEL: "warn",
        WEB_DIST_DIR: "public",
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/satsbank",
      database: { kind: "postgres", url: "postgresql://bank:pw@db:5432/bank" },
      nodeEnv: "production",
      brandName: "Acme Bank",
      logLevel: "warn",
      webDistDir: "/srv/satsbank/public",
    });
  });

  it("resolves a relative DATA_DIR against the working directory", () => {
    expect(loadConfig({ DATA_DIR: "../state" }, cwd).dataDir).toBe("/srv/state");
    expect(loadConfig({ DATA_DIR: "./data" }, "/tmp/x").database).toEqual({
      kind: "pglite",
      dataDir: "/tmp/x/data/pg",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", LOG_LEVEL: "" }, cwd)).toMatchObject({ port: 3000, logLevel: "info" });
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")'],
    [{ PORT: "0" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "0")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "70000")'],
    [{ PORT: "30.5" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "30.5")'],
    [
      { NODE_ENV: "staging" },
      'Invalid configuration: NODE_ENV must be one of development, test, production (got "staging")',
    ],
    [{ BRAND_NAME: "" }, 'Invalid configuration: BRAND_NAME must not be empty (got "")'],
    [{ BRAND_NAME: "x".repeat(41) }, "Invalid configuration: BRAND_NAME must be at most 40 characters"],
    [
      { LOG_LEVEL: "loud" },
      "Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    ],
    [
      { DATABASE_URL: "mysql://root:hunter2@db/bank" },
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL",
    ],
  ])("refuses %o with one line naming the variable", (env, expected) => {
    const message = configError(env);
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain("\n");
  });

  it("never echoes a DATABASE_URL, which may hold a password", () => {
    expect(configError({ DATABASE_URL: "mysql://root:hunter2@db/bank" })).not.toContain("hunter2");
  });

  it("names every bad variable when several are wrong, still on one line", () => {
    const message = configError({ PORT: "x", NODE_ENV: "prod" });
    expect(message).toContain("PORT");
    expect(message).toContain("NODE_ENV");
    expect(message).not.toContain("\n");
  });

  it("refuses the embedded database in production", () => {
    expect(configError({ NODE_ENV: "production" })).toBe(
      "Invalid configuration: DATABASE_URL is required in production: the embedded PGlite database is for development only",
    );
    expect(
      loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/bank" }, cwd).database.kind,
    ).toBe("postgres");
  });
});
