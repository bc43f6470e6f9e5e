import { z } from "zod";

// Building blocks of the environment schema (config.ts, wallet.ts, chain.ts, storage.ts).

/** An empty variable (`PORT=` in an env file) means "not set", so the default applies. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** true/false (or 1/0), as TRUST_PROXY and S3_FORCE_PATH_STYLE are written. */
export const booleanVariable = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

export const oneOf = (options: readonly string[]) => `must be one of ${options.join(", ")}`;

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function isPostgresUrl(value: string): boolean {
  return hasProtocol(value, ["postgres:", "postgresql:"]);
}
export function isSmtpUrl(value: string): boolean {
  return hasProtocol(value, ["smtp:", "smtps:"]);
}
export function isHttpUrl(value: string): boolean {
  return hasProtocol(value, ["http:", "https:"]);
}

/** A URL of the web, trimmed. */
export const httpUrl = z.string().trim().refine(isHttpUrl, { error: "must be an http:// or https:// URL" });

/** A whole number from `min` to `max`, written in digits; `message` for anything else. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }));

/** A part's variables as its schema parsed them: any of them may be unset. */
export type VarsOf<Shape extends Record<string, z.ZodType>> = { [K in keyof Shape]?: z.output<Shape[K]> };
