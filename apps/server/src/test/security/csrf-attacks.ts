import { csrfText } from "../../plugins/csrf.js";
import { routesOf } from "../app-routes.js";
import { type Attack, attack, call, expectRefused } from "./attack.js";
import type { World } from "./world.js";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** How a page of another site reaches the API: its fetch says so, or its Origin does. */
const CROSS_SITE: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { origin: "https://evil.example" },
  { origin: "null" },
  { origin: "http://localhost.evil.example" },
];

/** A form of another site can send text/plain without asking; JSON is what the web app sends. */
const BODIES = [
  { type: "application/json", body: "{}" },
  { type: "text/plain", body: '{"a":"b"}' },
];

const encode = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;

/**
 * The path as sent, and spelled as the router still routes it: `/%61pi/...` (the check must judge the
 * routed path, not the raw URL), the last segment's first letter encoded, every character encoded, and
 * with a query string.
 */
export function pathSpellings(path: string): string[] {
  const last = path.lastIndexOf("/") + 1;
  return [
    path,
    `/%61${path.slice(2)}`,
    path.slice(0, last) + encode(path[last] ?? "") + path.slice(last + 1),
    [...path].map((char) => (char === "/" ? char : encode(char))).join(""),
    `${path}?next=%2Fapi%2Fmeta`,
  ];
}

/**
 * One row per state-changing API route the router serves, read from the router, so a new route joins by
 * itself. Each is tried under every spelling, cross-site header and body, with a live session that may
 * use it (staff on theirs, alice elsewhere): 403 with the cross-site message, and nothing changes, not
 * even a sign-out.
 */
export function csrfAttacks(printedRoutes: string): Attack[] {
  return routesOf(printedRoutes)
    .map((route) => route.split(" ") as [string, string])
    .filter(([method, path]) => STATE_CHANGING.has(method) && path.startsWith("/api/"))
    .map(([method, route]) =>
      attack({
        name: `${method} ${route}`,
        attack: async (w) => {
          const url = route.replace(/:(\w+)/g, (_, name: string) => paramValue(w, name));
          const as = route.startsWith("/api/admin/") ? w.staff.token : w.alice.token;
          for (const spelled of pathSpellings(url)) {
            for (const headers of CROSS_SITE) {
              for (const { type, body } of BODIES) {
                const res = await call(w, {
                  method: method as "POST" | "PATCH",
                  url: spelled,
                  payload: body,
                  as,
                  headers: { ...headers, "content-type": type },
                });
                const what = `${method} ${spelled} ${JSON.stringify(headers)} ${type}`;
                expectRefused(res, 403, { code: "FORBIDDEN", message: csrfText.crossSite }, what);
              }
            }
          }
        },
      }),
    );
}

/** A real id where the world has one (alice's own, or alice herself), so the request would do its work. */
export function paramValue(w: World, name: string): string {
  const ids: Record<string, string> = {
    userId: w.alice.user.id,
    notificationId: w.owns.notificationId,
    requestId: w.owns.supportRequestId,
    documentId: w.owns.documentId,
    transactionId: w.owns.transactionId,
  };
  return ids[name] ?? "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11";
}
