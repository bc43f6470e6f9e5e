import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_BRAND_NAME } from "@satsbank/shared";
import { z } from "zod";

/**
 * Every environment variable the server reads, parsed once at start-up. Nothing else reads process.env:
 * code receives the typed Config, tests build one with loadConfig({...}).
 */

export const nodeEnvSchema = z.enum(["development", "test", "production"]);
export const logLevelSchema = z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** Where the data lives: the embedded PGlite (dataDir null = in memory, for tests) or a PostgreSQL server. */
export type DatabaseTarget = { kind: "pglite"; dataDir: string | null } | { kind: "postgres"; url: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  nodeEnv: z.infer<typeof nodeEnvSchema>;
  brandName: string;
  logLevel: z.infer<typeof logLevelSchema>;
  webDistDir: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

// src/config.ts and dist/config.js both sit one level below apps/server, so one relative path serves both.
const defaultWebDistDir = fileURLToPath(new URL("../../web/dist", import.meta.url));

// An empty variable (`PORT=` in an env file) means "not set", so the default applies.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const portMessage = "must be an integer between 1 and 65535";
const oneOf = (options: readonly string[]) => `must be one of ${options.join(", ")}`;

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d+$/, { error: portMessage })
      .transform(Number)
      .pipe(z.number().min(1, { error: portMessage }).max(65535, { error: portMessage })),
  ),
  HOST: optional(z.string().trim().min(1, { error: "must not be blank" })),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.string().refine(isPostgresUrl, { error: "must be a postgres:// or postgresql:// URL" }),
  ),
  NODE_ENV: optional(z.enum(nodeEnvSchema.options, { error: oneOf(nodeEnvSchema.options) })),
  BRAND_NAME: z
    .string()
    .trim()
    .min(1, { error: "must not be empty" })
    .max(40, { error: "must be at most 40 characters" })
    .optional(),
  LOG_LEVEL: optional(z.enum(logLevelSchema.options, { error: oneOf(logLevelSchema.options) })),
  WEB_DIST_DIR: optional(z.string()),
});

function isPostgresUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "postgres:" || protocol === "postgresql:";
  } catch {
    return false;
  }
}

// Never echo a database URL back: it usually carries a password.
const secretVariables = new Set(["DATABASE_URL"]);

function describeIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = String(issue.path[0] ?? "environment");
  const got = secretVariables.has(name) ? "" : ` (got ${JSON.stringify(env[name] ?? "")})`;
  return `${name} ${issue.message}${got}`;
}

/** Parses the environment into a Config, or throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => describeIssue(issue, env)).join("; ");
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const vars = parsed.data;
  const nodeEnv = vars.NODE_ENV ?? "development";

  // PGlite runs with one connection and relaxed durability: fine for a demo, never for real money.
  if (nodeEnv === "production" && vars.DATABASE_URL === undefined) {
    throw new ConfigError(
      "Invalid configuration: DATABASE_URL is required in production: the embedded PGlite database is for development only",
    );
  }

  const dataDir = path.resolve(cwd, vars.DATA_DIR ?? "./data");
  return {
    port: vars.PORT ?? 3000,
    host: vars.HOST ?? "0.0.0.0",
    dataDir,
    database:
      vars.DATABASE_URL === undefined
        ? { kind: "pglite", dataDir: path.join(dataDir, "pg") }
        : { kind: "postgres", url: vars.DATABASE_URL },
    nodeEnv,
    brandName: vars.BRAND_NAME ?? DEFAULT_BRAND_NAME,
    logLevel: vars.LOG_LEVEL ?? "info",
    webDistDir: vars.WEB_DIST_DIR === undefined ? defaultWebDistDir : path.resolve(cwd, vars.WEB_DIST_DIR),
  };
}
