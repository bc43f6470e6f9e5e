import { z } from "zod";
import { keysetCursorSchema, keysetPageSchema } from "../lists.js";
import { type SupportRequestStatus, supportRequestSchema, supportRequestSourceSchema } from "../support.js";
import { plainMultilineText, withLineFeeds } from "../text.js";
import { adminMessages, adminPageLimitSchema, customerRefSchema, personSchema } from "./common.js";

// Support: the inbox of customers' support requests, staff's replies and closing a request.

export const supportStatusFilterSchema = z.enum(["all", "open", "answered", "closed"]);
export type SupportStatusFilter = z.infer<typeof supportStatusFilterSchema>;

/** A support request's status pill. */
export const supportStatusLabels = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
} as const satisfies Record<SupportRequestStatus, string>;

/** The support inbox's filter, open requests first. */
export const supportFilterLabels = {
  ...supportStatusLabels,
  all: "All requests",
} as const satisfies Record<SupportStatusFilter, string>;

/** `GET /api/admin/support`: open requests oldest first (the inbox); any other filter newest first. */
export const listSupportRequestsQuerySchema = z.object({
  status: supportStatusFilterSchema.default("open"),
  cursor: keysetCursorSchema,
  limit: adminPageLimitSchema,
});
export type ListSupportRequestsQuery = z.input<typeof listSupportRequestsQuerySchema>;

export const SUPPORT_REPLY_MAX_LENGTH = 4000;

/** `POST /api/admin/support/:requestId/reply`: plain text, its lines kept; mailed and notified. */
export const supportReplyBodySchema = z.object({
  message: z
    .string()
    .overwrite(withLineFeeds)
    .trim()
    .check(plainMultilineText)
    .min(1, { error: adminMessages.replyRequired })
    .max(SUPPORT_REPLY_MAX_LENGTH, { error: adminMessages.replyTooLong }),
});
export type SupportReplyBody = z.infer<typeof supportReplyBodySchema>;

export const supportReplySchema = z.object({
  id: z.uuid(),
  message: z.string(),
  staff: personSchema,
  createdAt: z.iso.datetime(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/**
 * A support request as staff see it: its customer and every reply, oldest first. One from the public
 * contact form carries the name typed, and the customer whose account has the email typed (null: none);
 * its writer was not signed in, so the address is not proven to be theirs.
 */
export const adminSupportRequestSchema = supportRequestSchema.extend({
  source: supportRequestSourceSchema,
  name: z.string().nullable(),
  customer: customerRefSchema.nullable(),
  replies: z.array(supportReplySchema),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequestSchema>;

export const adminSupportPageSchema = keysetPageSchema(adminSupportRequestSchema);
export type AdminSupportPage = z.infer<typeof adminSupportPageSchema>;

export const adminSupportRequestResponseSchema = z.object({ request: adminSupportRequestSchema });
export type AdminSupportRequestResponse = z.infer<typeof adminSupportRequestResponseSchema>;
