import {
  adminWithdrawalPageSchema,
  apiPaths,
  listAdminWithdrawalsQuerySchema,
  withdrawalApproveBodySchema,
  withdrawalDecisionResponseSchema,
  withdrawalRejectBodySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActorOf } from "../../plugins/client.js";
import { signedIn } from "../../plugins/session.js";
import { approveWithdrawal, rejectWithdrawal } from "../withdrawals/index.js";
import type { AdminContext } from "./context.js";
import { listApprovals } from "./list-approvals.js";

const tags = ["admin"];
// Any text: an id that is not a UUID is "not found" like any other unknown id.
const withdrawalParams = z.object({ withdrawalId: z.string() });

/** Approvals: withdrawals waiting for staff, oldest first; approve (four eyes above the dual amount), reject. */
export const approvalsRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.withdrawals,
    {
      schema: {
        summary:
          "Approvals: withdrawals waiting for staff (or held), oldest first, with the customer's context",
        tags,
        querystring: listAdminWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalPageSchema },
      },
    },
    async (request) => listApprovals({ ctx, query: request.query }),
  );

  app.post(
    `${apiPaths.admin.withdrawals}/:withdrawalId/approve`,
    {
      schema: {
        summary:
          "Approve a withdrawal: queued once it has its approvals (two, by different staff, above the dual); staff with a passkey sign this approval (403 PASSKEY_REQUIRED first)",
        tags,
        params: withdrawalParams,
        body: withdrawalApproveBodySchema.optional(),
        response: { 200: withdrawalDecisionResponseSchema },
      },
    },
    async (request) =>
      approveWithdrawal({
        ctx,
        staff: staffActorOf(request),
        sessionId: signedIn(request).sessionId,
        withdrawalId: request.params.withdrawalId,
        approval: request.body?.approval,
      }),
  );

  app.post(
    `${apiPaths.admin.withdrawals}/:withdrawalId/reject`,
    {
      schema: {
        summary: "Reject a withdrawal with a reason the customer reads: the amount and fee go back to them",
        tags,
        params: withdrawalParams,
        body: withdrawalRejectBodySchema,
        response: { 200: withdrawalDecisionResponseSchema },
      },
    },
    async (request) =>
      rejectWithdrawal({
        ctx,
        staff: staffActorOf(request),
        withdrawalId: request.params.withdrawalId,
        reason: request.body.reason,
      }),
  );
};
