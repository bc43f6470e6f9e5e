import type { FastifyRequest } from "fastify";

/** Paths the SPA fallback never answers: the JSON API, the health check and development pages. */
export const API_PREFIX = "/api";
/** The staff dashboard's endpoints: every one is staff only (plugins/staff-access.ts). */
export const STAFF_PREFIX = "/api/admin";
export const HEALTH_PATH = "/healthz";
/** Prometheus's scrape target (METRICS=true only). */
export const METRICS_PATH = "/metrics";
/** Development-only pages (the dev mailbox): a JSON 404 in production, never the web app. */
export const DEV_PREFIX = "/dev";

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** `path` is a path without its query string, as routedPath gives it. */
export function isApiPath(path: string): boolean {
  return under(path, API_PREFIX);
}

/** A staff endpoint's path (or an unrouted path under it). */
export function isStaffPath(path: string): boolean {
  return under(path, STAFF_PREFIX);
}

export function isServerPath(path: string): boolean {
  return isApiPath(path) || path === HEALTH_PATH || path === METRICS_PATH || under(path, DEV_PREFIX);
}

/**
 * The path of a raw URL decoded at least as far as the router decodes it (find-my-way decodes all but the
 * reserved characters). Decoding those too can only make a path look more like a server path, which is
 * the safe side for every check: `/%61pi/...` and `/api%2F...` both count as API paths.
 */
export function decodedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  try {
    return decodeURIComponent(path);
  } catch {
    // A path the router cannot decode never reaches a hook (see framework-errors.ts); keep the text as sent.
    return path;
  }
}

/**
 * The path every check must judge a request by: what the router routed, never the raw URL, which may
 * spell the same route another way (`POST /%61pi/auth/logout` is routed to `/api/auth/logout`). For a
 * route, its own pattern (`/api/transactions/:id`); for a wildcard route (static files) and an unrouted
 * request, the decoded path, since the pattern alone does not say which path it matched.
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  if (pattern === undefined || pattern.includes("*")) return decodedPath(request.url);
  return pattern;
}

/** The request is routed (or, unrouted, would be) to the JSON API. */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(routedPath(request));
}
