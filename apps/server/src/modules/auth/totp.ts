import { Secret, TOTP } from "otpauth";

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps.
const PERIOD_SECONDS = 30;
const params = { algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS } as const;

/** A new random 160-bit secret, base32 (what a person may type into an app). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI for the QR code: issuer = the bank's name, label = the account's email. */
export function totpUri({
  secret,
  issuer,
  label,
}: {
  secret: string;
  issuer: string;
  label: string;
}): string {
  return new TOTP({ ...params, issuer, label, secret: Secret.fromBase32(secret) }).toString();
}

/**
 * The time step a code belongs to, when it is right at `now` give or take one step (clock drift);
 * null when it is wrong. The caller refuses a step already used, so a code works once.
 */
export function totpStep({ secret, code, now }: { secret: string; code: string; now: Date }): number | null {
  const totp = new TOTP({ ...params, secret: Secret.fromBase32(secret) });
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The code an authenticator shows at `now`: for tests and the seed, never sent anywhere. */
export function totpCode({ secret, now }: { secret: string; now: Date }): string {
  return new TOTP({ ...params, secret: Secret.fromBase32(secret) }).generate({ timestamp: now.getTime() });
}
