/** One plain-text email. */
export type MailMessage = { to: string; subject: string; text: string };

/**
 * Sends email: over SMTP when SMTP_URL is set, otherwise into the dev mailbox (the mail_outbox table).
 * `send` returns once the message is accepted for delivery; it never waits for a remote server, so the
 * time SMTP takes, or its failure, cannot show in an answer (a reset request for an unknown email sends
 * nothing, and must look the same as one that sends).
 */
export type Mailer = {
  /** `memory`: kept in the process only, never delivered (the seed, reading the sign-in code it sent). */
  readonly kind: "smtp" | "outbox" | "memory";
  send(message: MailMessage): Promise<void>;
  /** Waits for messages still being delivered, then releases connections. */
  close(): Promise<void>;
};
