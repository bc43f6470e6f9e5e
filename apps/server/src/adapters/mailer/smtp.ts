import nodemailer from "nodemailer";
import type { Log } from "../log.js";
import type { Mailer } from "./mailer.js";

/** Real email through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer({ url, from, log }: { url: string; from: string; log: Log }): Mailer {
  const transport = nodemailer.createTransport(url);
  const pending = new Set<Promise<void>>();
  return {
    kind: "smtp",
    async send({ to, subject, text }) {
      // Delivered in the background: see Mailer. A failure is logged for the operator.
      const delivery = transport.sendMail({ from, to, subject, text }).then(
        () => undefined,
        (error: unknown) => log.error({ err: error, subject }, "could not send an email"),
      );
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}
