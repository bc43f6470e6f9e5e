import {
  adminCustomerResponseSchema,
  apiPaths,
  customerDetailsSchema,
  customerPageSchema,
  customerStatusBodySchema,
  listCustomersQuerySchema,
  staffMessageBodySchema,
  staffMessageResponseSchema,
  statementMonthSchema,
  statementQuerySchema,
  statementSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActorOf } from "../../plugins/client.js";
import type { AdminContext } from "./context.js";
import { getCustomerDetails } from "./get-customer-details.js";
import { getCustomerStatement } from "./get-customer-statement.js";
import { listCustomers } from "./list-customers.js";
import { sendStaffMessage } from "./send-staff-message.js";
import { setCustomerStatus } from "./set-customer-status.js";

const tags = ["admin"];
// Any text: an id that is not a UUID is "not found" like any other unknown id.
const userParams = z.object({ userId: z.string() });

/** Banking Customers and User Details: the list, one customer, deactivation and reactivation, messages. */
export const customersRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.customers,
    {
      schema: {
        summary: "Banking Customers: search by name or email, sort by a column, offset pages",
        tags,
        querystring: listCustomersQuerySchema,
        response: { 200: customerPageSchema },
      },
    },
    async (request) => listCustomers({ ctx, query: request.query }),
  );

  app.get(
    `${apiPaths.admin.customers}/:userId`,
    {
      schema: {
        summary: "User Details: profile, balance, KYC items and documents, transactions, login history",
        tags,
        params: userParams,
        response: { 200: customerDetailsSchema },
      },
    },
    async (request) => getCustomerDetails({ ctx, userId: request.params.userId }),
  );

  app.get(
    // apiPaths.admin.customerStatement(userId, month) builds this URL.
    `${apiPaths.admin.customers}/:userId/statements/:month`,
    {
      schema: {
        summary: "User Details: the customer's statement of a month in a time zone (audited)",
        tags,
        params: userParams.extend({ month: statementMonthSchema }),
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (request) =>
      getCustomerStatement({
        ctx,
        staff: staffActorOf(request),
        userId: request.params.userId,
        month: request.params.month,
        timeZone: request.query.timeZone,
      }),
  );

  for (const [action, status] of [
    ["deactivate", "inactive"],
    ["reactivate", "active"],
  ] as const) {
    app.post(
      `${apiPaths.admin.customers}/:userId/${action}`,
      {
        schema: {
          summary:
            action === "deactivate"
              ? "Deactivate a customer (a reason is required): no sign-in, no send, their sessions end now"
              : "Reactivate a customer (a reason is required)",
          tags,
          params: userParams,
          body: customerStatusBodySchema,
          response: { 200: adminCustomerResponseSchema },
        },
      },
      async (request) => ({
        customer: await setCustomerStatus({
          ctx,
          staff: staffActorOf(request),
          userId: request.params.userId,
          status,
          reason: request.body.reason,
        }),
      }),
    );
  }

  app.post(
    `${apiPaths.admin.customers}/:userId/messages`,
    {
      schema: {
        summary: "Staff: a message to one customer (plain text), shown as a system notification",
        tags,
        params: userParams,
        body: staffMessageBodySchema,
        response: { 201: staffMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await sendStaffMessage({
        ctx,
        staff: staffActorOf(request),
        userId: request.params.userId,
        body: request.body,
      });
      return reply.code(201).send({ message });
    },
  );
};
