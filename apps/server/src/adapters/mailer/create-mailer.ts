import type { Config } from "../../config/config.js";
import type { Db } from "../../db/client.js";
import type { Clock } from "../clock.js";
import type { Log } from "../log.js";
import type { Mailer } from "./mailer.js";
import { createOutboxMailer } from "./outbox.js";
import { createSmtpMailer } from "./smtp.js";

/** SMTP when SMTP_URL is set; otherwise the dev mailbox (configuration forbids that in production). */
export function createMailer({
  config,
  db,
  clock,
  log,
}: {
  config: Pick<Config, "smtpUrl" | "mailFrom" | "nodeEnv">;
  db: Db;
  clock: Clock;
  log: Log;
}): Mailer {
  if (config.smtpUrl !== null) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, log });
  // Mail text (codes, links) is printed for developers only, never in a production log.
  return createOutboxMailer({ db, clock, log: config.nodeEnv === "production" ? null : log });
}
