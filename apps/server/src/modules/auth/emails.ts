import type { MailMessage } from "../../adapters/mailer/mailer.js";

// The code must be the only 6-digit number in its message, and each link the only URL of its kind in its
// own: people (and the end-to-end tests) read them out of the text. No other message holds a 6-digit
// number, so a test waiting for a sign-in code never picks up a link.

/** Who a message goes to and the bank's name, which every message of this file says. */
type Addressed<T> = { to: string; brandName: string } & T;

export function signInCodeEmail({ to, brandName, code }: Addressed<{ code: string }>): MailMessage {
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

/** The code of a signed-in person's proof (before a change to how they sign in): not a sign-in. */
export function reauthenticationCodeEmail({ to, brandName, code }: Addressed<{ code: string }>): MailMessage {
  return {
    to,
    subject: `Your ${brandName} confirmation code`,
    text: [
      `Your code to confirm it's you is ${code}. It expires in 10 minutes.`,
      "",
      "It was asked for in your signed-in account, after your password, before a change to how you sign in.",
      "If that wasn't you, change your password now.",
    ].join("\n"),
  };
}

export function passwordResetEmail({ to, brandName, link }: Addressed<{ link: string }>): MailMessage {
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

export function emailVerificationEmail({ to, brandName, link }: Addressed<{ link: string }>): MailMessage {
  return {
    to,
    subject: `Confirm your email address for ${brandName}`,
    text: [
      `Please confirm that this is the email address of your ${brandName} account: open this link within`,
      "24 hours. It works once:",
      link,
      "",
      "You can use your account meanwhile, but sending Bitcoin needs a confirmed address.",
      "If you did not open an account, ignore this email.",
    ].join("\n"),
  };
}

/**
 * A recovery code signed in: always mailed (whatever the notification settings), since whoever used it may
 * not be the owner. No code in it.
 */
export function recoveryCodeUsedEmail({
  to,
  brandName,
  device,
  location,
  ip,
  remaining,
}: Addressed<{ device: string; location: string; ip: string; remaining: number }>): MailMessage {
  return {
    to,
    subject: `A recovery code was used to sign in to ${brandName}`,
    text: [
      `A recovery code was just used to sign in to your ${brandName} account, instead of your authenticator`,
      `app: ${device}, ${location} (IP address ${ip}). That code cannot be used again;`,
      `${remaining === 1 ? "1 recovery code is" : `${remaining} recovery codes are`} left. You can make new ones in Profile, Security.`,
      "",
      "If this wasn't you, change your password now and make new recovery codes.",
    ].join("\n"),
  };
}
