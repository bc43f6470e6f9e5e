import type { Clock } from "../../adapters/clock.js";
import type { GeoLookup } from "../../adapters/geoip/geoip.js";
import type { Mailer } from "../../adapters/mailer/mailer.js";
import type { RateLimiter } from "../../adapters/rate-limit/limiter.js";
import type { Db } from "../../db/client.js";
import type { AuthKeys } from "./keys.js";

/** What the auth and account use cases work with; each takes the part it needs. */
export type AuthContext = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  /** HMAC and AES keys derived from APP_SECRET: sign-in codes, sealed TOTP secrets. */
  authKeys: AuthKeys;
  geo: GeoLookup;
  brandName: string;
  /** The base of links in emails, no trailing slash. */
  publicUrl: string;
};
