import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** Keys derived from APP_SECRET, one per purpose, so no key ever serves two. */
export type AuthKeys = {
  /** AES-256-GCM key for authenticator (TOTP) secrets at rest. */
  totpSecret: Buffer;
  /** HMAC key for emailed sign-in codes. */
  codeMac: Buffer;
  /** HMAC key of the device cookie (the accounts a browser signed in to). */
  deviceCookie: Buffer;
  /** HMAC key of the stored recovery codes. */
  recoveryCode: Buffer;
};

function derive(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "satsbank", `satsbank/${purpose}/v1`, 32));
}

export function deriveAuthKeys(appSecret: string): AuthKeys {
  return {
    totpSecret: derive(appSecret, "totp-secret"),
    codeMac: derive(appSecret, "sign-in-code"),
    deviceCookie: derive(appSecret, "device-cookie"),
    recoveryCode: derive(appSecret, "recovery-code"),
  };
}

const VERSION = "v1";

/**
 * Encrypts with AES-256-GCM. `context` (the owner's id) is authenticated too: a ciphertext copied onto
 * another row does not decrypt. Output: "v1.<iv>.<tag>.<ciphertext>", base64url parts.
 */
export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
  return [VERSION, ...parts].join(".");
}

/** Reverses encryptSecret; throws when the text was altered, or encrypted with another key or context. */
export function decryptSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error("Not an encrypted secret");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}
