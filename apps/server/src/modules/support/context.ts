import type { Clock } from "../../adapters/clock.js";
import type { Mailer } from "../../adapters/mailer/mailer.js";
import type { RateLimiter } from "../../adapters/rate-limit/limiter.js";
import type { Db } from "../../db/client.js";
import type { SendLimits } from "../../domain/kyc.js";
import type { Sats } from "../../domain/money.js";

/** What the support use cases work with; each takes the part it needs. */
export type SupportContext = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  brandName: string;
  /** The figures the FAQ states, as configured. */
  withdrawalFeeSats: Sats;
  sendLimits: SendLimits;
  confirmations: number;
};
