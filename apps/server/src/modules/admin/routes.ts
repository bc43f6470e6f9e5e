import { Readable } from "node:stream";
import {
  adminCustomerResponseSchema,
  adminMeSchema,
  adminSupportPageSchema,
  adminSupportRequestResponseSchema,
  adminTransactionFiltersSchema,
  adminTransactionPageSchema,
  apiPaths,
  auditEventPageSchema,
  booksSchema,
  customerDetailsSchema,
  customerPageSchema,
  customerStatusBodySchema,
  kycReviewPageSchema,
  ledgerHealthSchema,
  listAdminTransactionsQuerySchema,
  listAuditEventsQuerySchema,
  listCustomersQuerySchema,
  listKycReviewsQuerySchema,
  listSupportRequestsQuerySchema,
  supportReplyBodySchema,
} from "@satsbank/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type StaffActor, staffActor } from "../../domain/staff.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import { listAuditEvents } from "../audit/list-audit-events.js";
import { clientOf } from "../auth/client.js";
import { listKycReviews } from "../kyc/list-reviews.js";
import { closeSupportRequest } from "../support/close-request.js";
import { listSupportRequests } from "../support/list-requests.js";
import { replyToSupportRequest } from "../support/reply-to-request.js";
import { adminMe } from "./admin-me.js";
import type { AdminContext } from "./context.js";
import { exportTransactionsCsv } from "./export-transactions.js";
import { getBooks } from "./get-books.js";
import { getCustomerDetails } from "./get-customer-details.js";
import { ledgerHealth } from "./ledger-health.js";
import { listCustomers } from "./list-customers.js";
import { listAdminTransactions } from "./list-transactions.js";
import { setCustomerStatus } from "./set-customer-status.js";

const tags = ["admin"];

/** Who is acting and from where: every staff action is audited with it. */
const actor = (request: FastifyRequest): StaffActor => staffActor(signedIn(request).user, clientOf(request));

// Any text: an id that is not a UUID is "not found" like any other unknown id.
const userParams = z.object({ userId: z.string() });
const requestParams = z.object({ requestId: z.string() });

/**
 * The staff dashboard ("Super Admin"). plugins/staff-access.ts checks every /api/admin route before it is
 * parsed (401 signed out, 403 for a customer, 403 `enrolTwoFactor` for production staff without an
 * authenticator app); the role is checked here again. Each action writes the audit log in its own db
 * transaction. (The KYC decision and staff messages live with their modules: kyc, notifications.)
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.addHook("preHandler", requireRole("admin"));

  app.get(
    apiPaths.admin.me,
    {
      // What the dashboard asks first: it tells staff to enrol an authenticator app, so it answers without.
      config: { staffWithoutTwoFactor: true },
      schema: {
        summary: "The dashboard's header and whether this member of staff must enrol an authenticator app",
        tags,
        response: { 200: adminMeSchema },
      },
    },
    async (request) =>
      adminMe({ staff: signedIn(request).user, twoFactorRequired: ctx.staffTwoFactorRequired }),
  );

  app.get(
    apiPaths.admin.ledgerHealth,
    {
      schema: {
        summary: "Check the books: they sum to zero, no customer is negative, balances equal their transfers",
        tags,
        response: { 200: ledgerHealthSchema },
      },
    },
    async () => ledgerHealth({ ctx }),
  );

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
          staff: actor(request),
          userId: request.params.userId,
          status,
          reason: request.body.reason,
        }),
      }),
    );
  }

  app.get(
    apiPaths.admin.transactions,
    {
      schema: {
        summary: "Transaction History: every customer's transactions, filtered and searched, keyset pages",
        tags,
        querystring: listAdminTransactionsQuerySchema,
        response: { 200: adminTransactionPageSchema },
      },
    },
    async (request) => listAdminTransactions({ ctx, query: request.query }),
  );

  app.get(
    apiPaths.admin.transactionsExport,
    {
      schema: {
        summary: "The filtered Transaction History as a CSV attachment, streamed (the export is audited)",
        tags,
        querystring: adminTransactionFiltersSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { fileName, lines } = await exportTransactionsCsv({
        ctx,
        staff: actor(request),
        filters: request.query,
      });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("x-content-type-options", "nosniff")
        .send(Readable.from(lines));
    },
  );

  app.get(
    apiPaths.admin.kycSubmissions,
    {
      schema: {
        summary: "KYC Reviews: submissions of a status (pending oldest first) with documents and history",
        tags,
        querystring: listKycReviewsQuerySchema,
        response: { 200: kycReviewPageSchema },
      },
    },
    async (request) => listKycReviews({ ctx, query: request.query }),
  );

  app.get(
    apiPaths.admin.support,
    {
      schema: {
        summary: "Support requests of a status (open ones oldest first) with their replies",
        tags,
        querystring: listSupportRequestsQuerySchema,
        response: { 200: adminSupportPageSchema },
      },
    },
    async (request) => listSupportRequests({ ctx, query: request.query }),
  );

  app.post(
    `${apiPaths.admin.support}/:requestId/reply`,
    {
      schema: {
        summary: "Answer a support request: mailed to the customer, in their notifications; status answered",
        tags,
        params: requestParams,
        body: supportReplyBodySchema,
        response: { 200: adminSupportRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await replyToSupportRequest({
        ctx,
        staff: actor(request),
        requestId: request.params.requestId,
        message: request.body.message,
      }),
    }),
  );

  app.post(
    `${apiPaths.admin.support}/:requestId/close`,
    {
      schema: {
        summary: "Close a support request",
        tags,
        params: requestParams,
        response: { 200: adminSupportRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await closeSupportRequest({
        ctx,
        staff: actor(request),
        requestId: request.params.requestId,
      }),
    }),
  );

  app.get(
    apiPaths.admin.books,
    {
      schema: {
        summary:
          "Books: the ledger's invariants, the hot wallet, pending withdrawals, reorganised deposits, lag",
        tags,
        response: { 200: booksSchema },
      },
    },
    async () => getBooks({ ctx }),
  );

  app.get(
    apiPaths.admin.audit,
    {
      schema: {
        summary: "The audit log: what staff did, searchable, newest first (read-only)",
        tags,
        querystring: listAuditEventsQuerySchema,
        response: { 200: auditEventPageSchema },
      },
    },
    async (request) => listAuditEvents({ ctx, query: request.query }),
  );
};
