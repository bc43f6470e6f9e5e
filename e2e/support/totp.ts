import * as OTPAuth from "otpauth";

/**
 * An authenticator app for one secret. A server may refuse a code it has already accepted (replay), so
 * `freshCode` waits for the next 30-second window when the current code was used before.
 */
export class Authenticator {
  private readonly totp: OTPAuth.TOTP;
  private readonly used = new Set<string>();

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  }

  /** A code not handed out before (may wait up to one period). */
  async freshCode(): Promise<string> {
    for (;;) {
      const code = this.totp.generate();
      if (!this.used.has(code)) {
        this.used.add(code);
        return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  /** A code that is wrong now (and in the neighbouring windows). */
  wrongCode(): string {
    const valid = new Set(
      [-1, 0, 1].map((window) => this.totp.generate({ timestamp: Date.now() + window * 30_000 })),
    );
    let candidate = 0;
    while (valid.has(String(candidate).padStart(6, "0"))) candidate += 1;
    return String(candidate).padStart(6, "0");
  }
}
