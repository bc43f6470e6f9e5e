import { sessionText } from "../../plugins/session.js";
import { routesOf } from "../app-routes.js";
import { type Attack, attack, call, expectRefused } from "./attack.js";
import { paramValue } from "./csrf-attacks.js";

/** Bodies the staff's forms send, so that a refusal is the only thing standing between it and its work. */
const BODIES: Record<string, object> = {
  "/api/admin/customers/:userId/deactivate": { reason: "Taken over by a customer" },
  "/api/admin/customers/:userId/reactivate": { reason: "Taken over by a customer" },
  "/api/admin/customers/:userId/messages": { subject: "From a customer", body: "Pretending to be staff" },
  "/api/admin/support/:requestId/reply": { message: "Answered by a customer" },
  "/api/admin/kyc/submissions/:submissionId/decision": { decision: "approve", reason: "Approved by myself" },
};

/**
 * Every staff route, from the router, as a customer (bob, naming alice) and signed out: 403 and 401, and
 * nothing changes. modules/admin/staff-access.test.ts asserts the same refusals (and staff's two-factor
 * rule); these rows add that nothing changed, with real ids and real bodies.
 */
export function staffRouteAttacks(printedRoutes: string): Attack[] {
  return routesOf(printedRoutes)
    .map((route) => route.split(" ") as [string, string])
    .filter(([, path]) => path.startsWith("/api/admin/"))
    .map(([method, route]) =>
      attack({
        name: `${method} ${route}`,
        attack: async (w) => {
          const url = route.replace(/:(\w+)/g, (_, name: string) => paramValue(w, name));
          const payload = method === "GET" ? undefined : (BODIES[route] ?? {});
          const request = { method: method as "GET" | "POST", url, payload };
          expectRefused(await call(w, { ...request, as: w.bob.token }), 403, {
            code: "FORBIDDEN",
            message: sessionText.forbidden,
          });
          expectRefused(await call(w, request), 401, {
            code: "UNAUTHENTICATED",
            message: sessionText.signInRequired,
          });
        },
      }),
    );
}
