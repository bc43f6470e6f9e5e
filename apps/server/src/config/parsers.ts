import { z } from "zod";

// Building blocks of the environment schema (config.ts and config-wallet.ts).

/** An empty variable (`PORT=` in an env file) means "not set", so the default applies. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

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
