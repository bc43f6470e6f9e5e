import { type ContactBody, type ContactResponse, contactMessages } from "@satsbank/shared";
import type { Client } from "../../domain/device.js";
import { normalizeEmail } from "../../domain/email.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { SupportContext } from "./context.js";
import { contactReceivedEmail } from "./emails.js";
import { findAccountIdByEmail, insertSupportRequest } from "./queries.js";

/**
 * The public contact form: a message from someone who is not signed in (a deactivated customer, one who
 * lost both password and authenticator, or a visitor). Kept as an open support request in staff's inbox,
 * marked as from the contact form and with the account whose email was typed (if any: not proven to be
 * the writer's); a confirmation is mailed to that address, quoting nothing. The answer is the same whether
 * or not an account has the email. Limited per client address and per email typed.
 */
export async function submitContactRequest({
  ctx,
  body,
  client,
}: {
  ctx: Pick<SupportContext, "db" | "clock" | "mailer" | "limiter" | "brandName">;
  body: ContactBody;
  client: Client;
}): Promise<ContactResponse> {
  await ctx.limiter.take(
    { rule: rateLimitRules.contactRequestsPerIp, key: client.ip },
    { rule: rateLimitRules.contactRequestsPerEmail, key: normalizeEmail(body.email) },
  );
  const row = await insertSupportRequest(ctx.db, {
    userId: (await findAccountIdByEmail(ctx.db, body.email)) ?? null,
    source: "contact_form",
    name: body.name,
    email: body.email,
    subject: body.subject,
    message: body.message,
    createdAt: ctx.clock.now(),
  });
  await ctx.mailer.send(contactReceivedEmail({ to: row.email, brandName: ctx.brandName, reference: row.id }));
  return { reference: row.id, message: contactMessages.sent(row.email) };
}
