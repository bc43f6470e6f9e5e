import { z } from "zod";
import { emailSchema, fullNameSchema } from "./auth.js";
import { satsSchema } from "./money.js";
import { plainMultilineText, plainText, withLineFeeds } from "./text.js";

export const SUPPORT_SUBJECT_MIN_LENGTH = 3;
export const SUPPORT_SUBJECT_MAX_LENGTH = 120;
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;

export const supportMessages = {
  subjectRequired: "Subject is required",
  subjectTooShort: `Subject must be at least ${SUPPORT_SUBJECT_MIN_LENGTH} characters`,
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
  messageRequired: "Message is required",
  messageTooShort: `Message must be at least ${SUPPORT_MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  /** The specification's success toast. */
  submitted: { title: "Support request submitted", text: "We'll get back to you as soon as possible" },
} as const;

/** Open until staff answer it; closed when nothing more is to be done. */
export const supportRequestStatusSchema = z.enum(["open", "answered", "closed"]);
export type SupportRequestStatus = z.infer<typeof supportRequestStatusSchema>;

/** Where a support request came from: Help & Support (signed in), or the public contact form. */
export const supportRequestSourceSchema = z.enum(["account", "contact_form"]);
export type SupportRequestSource = z.infer<typeof supportRequestSourceSchema>;

const subjectSchema = z
  .string()
  .trim()
  .check(plainText)
  .min(1, { error: supportMessages.subjectRequired })
  .min(SUPPORT_SUBJECT_MIN_LENGTH, { error: supportMessages.subjectTooShort })
  .max(SUPPORT_SUBJECT_MAX_LENGTH, { error: supportMessages.subjectTooLong });

const messageSchema = z
  .string()
  .overwrite(withLineFeeds)
  .trim()
  .check(plainMultilineText)
  .min(1, { error: supportMessages.messageRequired })
  .min(SUPPORT_MESSAGE_MIN_LENGTH, { error: supportMessages.messageTooShort })
  .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: supportMessages.messageTooLong });

/**
 * `POST /api/support/requests`: the subject (one line) and the message (lines kept). The email is the
 * account's own: the dialog shows it, the body never carries it.
 */
export const supportRequestBodySchema = z.object({ subject: subjectSchema, message: messageSchema });
export type SupportRequestBody = z.infer<typeof supportRequestBodySchema>;

/**
 * `POST /api/support/contact`: the public contact form, for people who cannot sign in (a deactivated
 * account, a lost password and device) or have none: their name and email, then the same subject and
 * message. Same text rules as every field.
 */
export const contactBodySchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  subject: subjectSchema,
  message: messageSchema,
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** What the public contact form answers: the reference only (nothing about any account). */
export const contactResponseSchema = z.object({ reference: z.uuid(), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

export const contactMessages = {
  sent: (email: string) =>
    `Thank you: we received your message and sent a confirmation to ${email}. We'll answer by email.`,
} as const;

/** One support request as its customer sees it. */
export const supportRequestSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  /** Where the confirmation went, and the answer will: the account's email when it was made. */
  email: z.string(),
  status: supportRequestStatusSchema,
  createdAt: z.iso.datetime(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportRequestResponseSchema = z.object({ request: supportRequestSchema });
export type SupportRequestResponse = z.infer<typeof supportRequestResponseSchema>;

/**
 * `GET /api/support/facts`: the figures the FAQ states, as this installation is configured, so its answers
 * stay true when an operator changes them.
 */
export const helpFactsSchema = z.object({
  /** WITHDRAWAL_FEE_SAT: the network fee of a send to an outside address. */
  withdrawalFeeSats: satsSchema,
  /** The rolling 24-hour send limit of each verification level that may send. */
  dailySendLimitSats: z.object({ level1: satsSchema, level2: satsSchema }),
  /** CONFIRMATIONS: how deep a deposit must be before it is credited. */
  confirmations: z.number().int().positive(),
});
export type HelpFacts = z.infer<typeof helpFactsSchema>;
