import type { Statement } from "@satsbank/shared";
import { inDbTransaction } from "../../db/db-transaction.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { getStatement, type StatementContext } from "../statements/index.js";
import { requireCustomer } from "./get-customer-details.js";

/**
 * A customer's statement of a month, for User Details: the same statement the customer reads, and a staff
 * action, audited (the month and the zone) before it is read. An unknown customer is 404 and a month not
 * begun yet 400, neither audited.
 */
export async function getCustomerStatement({
  ctx,
  staff,
  userId,
  month,
  timeZone,
}: {
  ctx: StatementContext;
  staff: StaffActor;
  userId: string;
  month: string;
  timeZone: string;
}): Promise<Statement> {
  const customer = await requireCustomer(ctx.db, userId);
  const statement = await getStatement({ ctx, userId: customer.id, month, timeZone });
  await inDbTransaction(ctx.db, (tx) =>
    recordAuditEvent(tx, {
      staff,
      action: "customer.statement_viewed",
      target: { type: "customer", id: customer.id },
      customerId: customer.id,
      details: { month, timeZone },
      at: ctx.clock.now(),
    }),
  );
  return statement;
}
