import type { MailMessage } from "../../adapters/mailer/mailer.js";

// The code must be the only 6-digit number in its message, and the link the only reset URL in its own:
// people (and the end-to-end tests) read them out of the text.

export function signInCodeEmail({
  to,
  brandName,
  code,
}: {
  to: string;
  brandName: string;
  code: string;
}): MailMessage {
  return {
    to,
    subject: `Your ${brandName} sign-in code`,
    text: [
      `Your sign-in code is ${code}. It expires in 10 minutes.`,
      "",
      "If you did not try to sign in, change your password.",
    ].join("\n"),
  };
}

export function passwordResetEmail({
  to,
  brandName,
  link,
}: {
  to: string;
  brandName: string;
  link: string;
}): MailMessage {
  return {
    to,
    subject: `Reset your ${brandName} password`,
    text: [
      `Someone asked to reset the password of your ${brandName} account.`,
      "",
      "Open this link within 30 minutes to choose a new password. It works once:",
      link,
      "",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}
