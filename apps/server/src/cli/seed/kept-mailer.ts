import type { Mailer, MailMessage } from "../../adapters/mailer/mailer.js";

/** The seed's own mailer: it keeps what it is sent, so the seed can read the codes it mailed itself. */
export type KeptMailer = Mailer & {
  /** The sign-in code of the last message sent to `to` (its only 6-digit number, modules/auth/emails.ts). */
  lastCodeTo(to: string): string;
};

/**
 * A mailer that delivers nothing: each message stays in this process's memory, and is gone with it. The
 * seed signs in as the demo customer through the real sign-in use cases, which mail a code; the seed
 * reads the code it mailed from here. Nothing reaches the dev mailbox or an SMTP server.
 */
export function keptMailer(): KeptMailer {
  const kept: MailMessage[] = [];
  return {
    kind: "memory",
    send: async (message) => {
      kept.push(message);
    },
    close: async () => {
      kept.length = 0;
    },
    lastCodeTo(to) {
      const message = kept.findLast((each) => each.to === to);
      const codes = message?.text.match(/\b\d{6}\b/g) ?? [];
      if (codes.length !== 1 || codes[0] === undefined) {
        throw new Error(`The seed mailed no sign-in code to ${to}`);
      }
      return codes[0];
    },
  };
}
