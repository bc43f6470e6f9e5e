import type { APIRequestContext } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { advanceServerClock, serverNow } from "./server-clock.js";

const PERIOD_MS = 30_000;

/**
 * An authenticator app for one secret, on the server's time. The server accepts each 30-second step
 * once and only steps after the last one used, so `freshCode` moves the server's clock to the next step
 * when the current one was used, instead of waiting for it.
 */
export class Authenticator {
  private readonly totp: OTPAuth.TOTP;
  private lastStep = -1;

  constructor(
    secret: string,
    private readonly request: APIRequestContext,
  ) {
    this.totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  }

  /** A code of a step after every step handed out before. */
  async freshCode(): Promise<string> {
    let now = await serverNow(this.request);
    const step = this.totp.counter({ timestamp: now });
    if (step <= this.lastStep)
      now = await advanceServerClock(this.request, (this.lastStep + 1 - step) * PERIOD_MS);
    this.lastStep = this.totp.counter({ timestamp: now });
    return this.totp.generate({ timestamp: now });
  }

  /** A code that is wrong now (and in the neighbouring steps the server also accepts). */
  async wrongCode(): Promise<string> {
    const now = await serverNow(this.request);
    const valid = new Set(
      [-1, 0, 1].map((step) => this.totp.generate({ timestamp: now + step * PERIOD_MS })),
    );
    let candidate = 0;
    while (valid.has(String(candidate).padStart(6, "0"))) candidate += 1;
    return String(candidate).padStart(6, "0");
  }
}
