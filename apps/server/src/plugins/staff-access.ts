import { staffAccessErrors } from "@satsbank/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../domain/app-error.js";
import { isStaffPath, routedPath } from "./api-paths.js";
import { sessionText } from "./session.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A staff route that answers staff without an authenticator app (what enrolment needs). */
    staffWithoutTwoFactor?: boolean;
  }
  interface FastifyRequest {
    /** Signed in as staff with neither an authenticator app nor a passkey where staff must have one (production). */
    staffMustEnrolTwoFactor: boolean;
  }
}

/**
 * 403 `enrolTwoFactor` for staff who must enrol an authenticator app first. Staff endpoints outside
 * /api/admin that serve staff too (a KYC document's file) call it for a staff reader.
 */
export function assertStaffTwoFactor(request: FastifyRequest): void {
  if (request.staffMustEnrolTwoFactor) {
    throw new AppError("FORBIDDEN", staffAccessErrors.enrolTwoFactor.text, undefined, "enrolTwoFactor");
  }
}

/**
 * Every endpoint under /api/admin is staff only, checked here once, by the routed path, before the
 * request is parsed or validated: 401 signed out, 403 for a customer (a new staff route cannot forget
 * it). With `twoFactorRequired` (production), staff with neither an authenticator app nor a passkey (a
 * strong second factor either way) get 403 `enrolTwoFactor` from all of them but the routes marked
 * `staffWithoutTwoFactor` (the header, which tells the dashboard to ask for enrolment; enrolment itself is
 * /api/account/two-factor/* or a passkey added in Security). Registered after the session plugin.
 */
export const staffAccess = fp(
  async (app: FastifyInstance, { twoFactorRequired }: { twoFactorRequired: boolean }) => {
    app.decorateRequest("staffMustEnrolTwoFactor", false);
    app.addHook("onRequest", async (request) => {
      const user = request.auth?.user;
      // A strong second factor: an authenticator app, or a passkey (user verification makes it one).
      if (user?.role === "admin" && twoFactorRequired && !user.twoFactorEnabled && !user.hasPasskey) {
        request.staffMustEnrolTwoFactor = true;
      }
      if (!isStaffPath(routedPath(request))) return;
      if (request.auth === null) throw new AppError("UNAUTHENTICATED", sessionText.signInRequired);
      if (user?.role !== "admin") throw new AppError("FORBIDDEN", sessionText.forbidden);
      if (request.routeOptions.config?.staffWithoutTwoFactor !== true) assertStaffTwoFactor(request);
    });
  },
  { name: "staff-access", dependencies: ["session"] },
);
