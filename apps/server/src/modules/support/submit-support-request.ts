import type { SupportRequest, SupportRequestBody } from "@satsbank/shared";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import type { SupportContext } from "./context.js";
import { supportRequestReceivedEmail } from "./emails.js";
import { insertSupportRequest } from "./queries.js";

/**
 * Keeps a customer's support request (open until staff answer it) and mails them its confirmation.
 * Limited per customer: each one is a row for staff and a mail.
 */
export async function submitSupportRequest({
  ctx,
  customer,
  body,
}: {
  ctx: Pick<SupportContext, "db" | "clock" | "mailer" | "limiter" | "brandName">;
  customer: User;
  body: SupportRequestBody;
}): Promise<SupportRequest> {
  await ctx.limiter.take({ rule: rateLimitRules.supportRequestsPerCustomer, key: customer.id });
  const row = await insertSupportRequest(ctx.db, {
    userId: customer.id,
    email: customer.email,
    subject: body.subject,
    message: body.message,
    createdAt: ctx.clock.now(),
  });
  await ctx.mailer.send(
    supportRequestReceivedEmail({
      to: row.email,
      brandName: ctx.brandName,
      reference: row.id,
      request: customer.emailVerified ? { subject: row.subject, message: row.message } : null,
    }),
  );
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
