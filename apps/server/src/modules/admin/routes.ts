import { adminMeSchema, apiPaths } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, signedIn } from "../../plugins/session.js";
import { adminMe } from "./admin-me.js";
import { approvalsRoutes } from "./approvals-routes.js";
import { auditLogRoutes } from "./audit-routes.js";
import { booksRoutes } from "./books-routes.js";
import type { AdminContext } from "./context.js";
import { customersRoutes } from "./customers-routes.js";
import { kycReviewsRoutes } from "./kyc-reviews-routes.js";
import { supportInboxRoutes } from "./support-routes.js";
import { transactionsRoutes } from "./transactions-routes.js";
import { vaultRoutes } from "./vault-routes.js";

const tags = ["admin"];

/**
 * The staff dashboard ("Super Admin"), one file of routes per tab. plugins/staff-access.ts checks every
 * /api/admin route before it is parsed (401 signed out, 403 for a customer, 403 `enrolTwoFactor` for
 * production staff without an authenticator app); the role is checked here again, for every tab. Each
 * action writes the audit log in its own db transaction. (The KYC decision lives with the kyc module.)
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

  await app.register(customersRoutes, { ctx });
  await app.register(transactionsRoutes, { ctx });
  await app.register(kycReviewsRoutes, { ctx });
  await app.register(approvalsRoutes, { ctx });
  await app.register(supportInboxRoutes, { ctx });
  await app.register(booksRoutes, { ctx });
  await app.register(vaultRoutes, { ctx });
  await app.register(auditLogRoutes, { ctx });
};
