import { randomBytes } from "node:crypto";
import { APP_SECRET_MIN_LENGTH, type Config } from "./config.js";
import { readOrCreateDataDirSecret } from "./data-dir-secret.js";

export const APP_SECRET_FILE = "app-secret";

/**
 * Settles APP_SECRET. When it is unset (the embedded default; configuration refuses that in production),
 * the secret is read from `$DATA_DIR/app-secret`, or generated there on first start (mode 0600) with a
 * loud warning: losing that file makes enrolled authenticators unreadable.
 */
export async function withAppSecret<C extends Config>(
  config: C,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<C & { appSecret: string }> {
  if (config.appSecret !== null) return { ...config, appSecret: config.appSecret };
  const appSecret = await readOrCreateDataDirSecret(
    {
      dataDir: config.dataDir,
      fileName: APP_SECRET_FILE,
      generate: () => randomBytes(32).toString("base64url"),
      isUsable: (text) => text.length >= APP_SECRET_MIN_LENGTH,
      unusableMessage: (file) =>
        `${file} holds no usable secret (at least ${APP_SECRET_MIN_LENGTH} characters): delete it or set APP_SECRET`,
      warning: (file) =>
        [
          "",
          "!!! APP_SECRET is not set: generated one and stored it in",
          `!!!   ${file}  (mode 0600)`,
          "!!! It encrypts authenticator secrets and signs sign-in codes. Keep the file with the data; set",
          "!!! APP_SECRET (at least 32 characters) for any real deployment. Production refuses to start without it.",
          "",
        ].join("\n"),
    },
    warn,
  );
  return { ...config, appSecret };
}
