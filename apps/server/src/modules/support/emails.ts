import type { MailMessage } from "../../adapters/mailer/mailer.js";

/**
 * The confirmation of a support request. Mail is plain text only (adapters/mailer): what the customer
 * typed goes into it as text and no mail client reads it as HTML; the dev mailbox page escapes it.
 *
 * Their words are quoted back only to an address proven to be theirs: anyone can sign up with someone
 * else's email, and the bank must not carry a stranger's text to it. The subject line is always the
 * bank's own.
 */
export function supportRequestReceivedEmail({
  to,
  brandName,
  reference,
  request,
}: {
  to: string;
  brandName: string;
  /** The request's id: staff find it by this. */
  reference: string;
  /** The subject and message to quote, or null to quote nothing (an unverified address). */
  request: { subject: string; message: string } | null;
}): MailMessage {
  const quoted =
    request === null
      ? []
      : ["", "What you wrote:", "", `Subject: ${request.subject}`, "", ...request.message.split("\n")];
  return {
    to,
    subject: `We received your ${brandName} support request`,
    text: [
      `Thank you for contacting ${brandName} support. We'll get back to you as soon as possible, by email`,
      "to this address.",
      "",
      `Reference: ${reference}`,
      ...quoted,
      "",
      "If you did not ask us anything, someone may be using your account: change your password.",
    ].join("\n"),
  };
}

/**
 * Staff's reply to a support request, by email: the reply as staff wrote it (plain text, its lines kept)
 * and the request's reference. The customer's own words are not quoted (see above).
 */
export function supportReplyEmail({
  to,
  brandName,
  reference,
  reply,
  inNotifications = true,
}: {
  to: string;
  brandName: string;
  reference: string;
  reply: string;
  /** The reply is in the customer's notifications too (not for the public contact form's). */
  inNotifications?: boolean;
}): MailMessage {
  return {
    to,
    subject: `Re: your ${brandName} support request`,
    text: [
      `${brandName} support has answered your request:`,
      "",
      ...reply.split("\n"),
      "",
      `Reference: ${reference}`,
      ...(inNotifications ? ["", "You can also read this answer in your notifications."] : []),
    ].join("\n"),
  };
}

/**
 * The confirmation of a message sent through the public contact form. The writer was not signed in, so
 * the address is anyone's: nothing they wrote is quoted, and the subject line is the bank's own.
 */
export function contactReceivedEmail({
  to,
  brandName,
  reference,
}: {
  to: string;
  brandName: string;
  reference: string;
}): MailMessage {
  return {
    to,
    subject: `We received your message to ${brandName}`,
    text: [
      `Thank you for contacting ${brandName}. We'll answer by email to this address as soon as possible.`,
      "",
      `Reference: ${reference}`,
      "",
      "If you did not write to us, someone typed your address into our contact form: you can ignore this",
      "email.",
    ].join("\n"),
  };
}
