import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../domain/app-error.js";
import { isApiRequest } from "./api-paths.js";
import { strictJson } from "./strict-json.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data uploads besides JSON. */
    acceptsMultipart?: boolean;
    /**
     * The route takes JSON Lines (application/jsonl, application/x-ndjson) besides JSON: a BIP-329 file.
     * Neither is a CORS-safelisted type, so a cross-site page cannot send one without a preflight either.
     */
    acceptsJsonLines?: boolean;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SAFE_FETCH_SITES = new Set(["same-origin", "none"]);
/** JSON Lines' media type and its older name: what a route with `acceptsJsonLines` takes. */
export const JSON_LINES_TYPES: readonly string[] = ["application/jsonl", "application/x-ndjson"];
const JSON_LINES = new Set(JSON_LINES_TYPES);

export const csrfText = {
  crossSite: "Cross-site requests are not accepted.",
  notJson: "Send the request body as JSON (Content-Type: application/json).",
  notJsonLines: "Send the file's text as JSON Lines (Content-Type: application/jsonl).",
} as const;

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

/** `origin` is one of ours: the allowed hosts' origins (plugins/allowed-hosts.ts), never the request's own. */
function ourOrigin(origin: string, origins: ReadonlySet<string>): boolean {
  try {
    return origins.has(new URL(origin).origin);
  } catch {
    return false; // "null" (a sandboxed or privacy-sensitive context) and garbage are foreign
  }
}

/**
 * Cross-site request forgery protection for the API's state-changing requests, without tokens:
 * - a browser's Fetch Metadata (`Sec-Fetch-Site`) naming another site, or an `Origin` that is none of
 *   `origins` (PUBLIC_URL's, and outside production localhost's on PORT): 403 FORBIDDEN. Never compared
 *   with the request's own Host: a page of another site whose name points at this machine (DNS
 *   rebinding) sends its own name in both;
 * - a body that is not JSON: 415. A cross-site form or a "simple" fetch cannot send
 *   `application/json` without a CORS preflight, which this server never grants. Routes that take
 *   uploads opt in to multipart with `config: { acceptsMultipart: true }`. That JSON is read as strict
 *   UTF-8 (strict-json.ts): bytes that are no UTF-8 are refused, never replaced.
 * The session cookie's SameSite=Lax is a third, independent layer.
 */
export const csrf = fp(
  async (app: FastifyInstance, { origins }: { origins: ReadonlySet<string> }) => {
    await app.register(strictJson);
    app.addHook("onRequest", async (request) => {
      if (!STATE_CHANGING.has(request.method) || !isApiRequest(request)) return;
      const site = request.headers["sec-fetch-site"];
      if (site !== undefined && !SAFE_FETCH_SITES.has(site))
        throw new AppError("FORBIDDEN", csrfText.crossSite);
      const origin = request.headers.origin;
      if (origin !== undefined && !ourOrigin(origin, origins))
        throw new AppError("FORBIDDEN", csrfText.crossSite);
      // An unknown route answers 404 whatever it was sent.
      if (request.is404) return;
      const type = mediaType(request.headers["content-type"]);
      if (type === "application/json") return;
      if (type === "multipart/form-data" && request.routeOptions.config.acceptsMultipart === true) return;
      const jsonLines = request.routeOptions.config.acceptsJsonLines === true;
      if (jsonLines && JSON_LINES.has(type)) return;
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", jsonLines ? csrfText.notJsonLines : csrfText.notJson);
    });
  },
  { name: "csrf" },
);
