import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { APP_SECRET_MIN_LENGTH, type AppConfig, type Config } from "./config.js";

export const APP_SECRET_FILE = "app-secret";

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

async function readSecretFile(file: string): Promise<string> {
  const secret = (await readFile(file, "utf8")).trim();
  if (secret.length < APP_SECRET_MIN_LENGTH) {
    throw new Error(
      `${file} holds no usable secret (at least ${APP_SECRET_MIN_LENGTH} characters): delete it or set APP_SECRET`,
    );
  }
  return secret;
}

/**
 * Settles APP_SECRET. When it is unset (the embedded default; configuration refuses that in production),
 * the secret is read from `$DATA_DIR/app-secret`, or generated there on first start (mode 0600) with a
 * loud warning: losing that file makes enrolled authenticators unreadable.
 */
export async function withAppSecret(
  config: Config,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<AppConfig> {
  if (config.appSecret !== null) return { ...config, appSecret: config.appSecret };
  const file = path.join(config.dataDir, APP_SECRET_FILE);
  try {
    return { ...config, appSecret: await readSecretFile(file) };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": another process starting at the same moment keeps its secret; this one then reads it.
    await writeFile(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return { ...config, appSecret: await readSecretFile(file) };
    throw error;
  }
  warn(
    [
      "",
      "!!! APP_SECRET is not set: generated one and stored it in",
      `!!!   ${file}  (mode 0600)`,
      "!!! It encrypts authenticator secrets and signs sign-in codes. Keep the file with the data; set",
      "!!! APP_SECRET (at least 32 characters) for any real deployment. Production refuses to start without it.",
      "",
    ].join("\n"),
  );
  return { ...config, appSecret: secret };
}
