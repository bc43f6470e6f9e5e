import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { ErrorResponse } from "@satsbank/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../domain/app-error.js";
import { isServerPath, routedPath } from "./api-paths.js";
import { type SentPage, sendPage, sentPage } from "./spa-pages.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
// Unhashed files (index.html, the manifest, icons) may change with any release: revalidate every time.
const REVALIDATE = "no-cache";
// The build keeps its source maps (hidden: no file names them) for error reports; they are not served.
// Nor are the build's compressed copies by their own names: they are chosen by Accept-Encoding.
const isNotServed = (pathName: string) => /\.(?:map|br|gz)$/i.test(pathName);

const notBuilt: ErrorResponse = {
  error: { code: "SERVICE_UNAVAILABLE", message: "The web app is not built: run npm run build" },
};

/** Where the build puts the pages it drew in advance (apps/web/build/prerender.ts): `<page path>.html`. */
const PRERENDERED_DIR = "prerendered";

/**
 * The pages the build drew in advance, by the path they answer: `prerendered/auth/login.html` answers
 * `/auth/login`. Read once at start-up, like the rest of the build.
 */
function prerenderedPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    const route = `/${file.slice(PRERENDERED_DIR.length + 1, -".html".length)}`;
    pages.set(route, file);
  }
  return pages;
}

/**
 * Serves the built web app (`vite build` output) on the API's port, and answers every other page path
 * with index.html so deep links and reloads reach the client router, which draws its own 404 page. A page
 * the build pre-rendered (sign-in, the splash: their screen's HTML; the dashboard: its shell and early
 * requests) is answered with that file instead, whatever its query string.
 * Unknown API paths get the JSON NOT_FOUND error instead. Owns the app's not-found handler. Hashed files
 * are cached for a year, everything else is revalidated on every use. Pages carry the installation's
 * chain on their `<html>` (`data-chain`, spa-pages.ts), read once at start-up with their compressed copies.
 */
export const spa = fp(
  async (app: FastifyInstance, { distDir, chain }: { distDir: string; chain: string }) => {
    const assetsDir = path.join(distDir, "assets") + path.sep;
    const built = existsSync(path.join(distDir, "index.html"));
    const index = built ? sentPage(path.join(distDir, "index.html"), chain) : null;
    const prerendered = new Map<string, SentPage>();
    for (const [route, file] of built ? prerenderedPages(distDir) : []) {
      prerendered.set(route, sentPage(path.join(distDir, file), chain));
    }
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        cacheControl: false,
        // The build writes a brotli and a gzip copy of every text file (apps/web/build/precompress.ts):
        // sent by the request's Accept-Encoding, with `Vary: accept-encoding`; the plain file otherwise.
        preCompressed: true,
        // Vite puts a content hash in every file name under assets/: a new build means a new URL.
        setHeaders: (res, filePath) => {
          res.setHeader("cache-control", filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
          // The copy sent depends on Accept-Encoding: a shared cache must not hand brotli to a browser
          // that asked for gzip (@fastify/static 9 does not say so itself).
          res.setHeader("vary", "accept-encoding");
        },
        // "/" is a page like the others (the not-found handler below), not the plain index.html.
        index: false,
        allowedPath: (pathName) => pathName !== "/" && !isServerPath(pathName) && !isNotServed(pathName),
      });
    } else {
      app.log.warn({ distDir }, "The web app is not built: pages answer 503 until `npm run build` is run");
    }

    app.setNotFoundHandler(async (request, reply) => {
      const { method } = request;
      const pathname = routedPath(request);
      const isPage = (method === "GET" || method === "HEAD") && !isServerPath(pathname);
      // A missing hashed asset is a stale or mistyped URL: index.html in its place would only break the
      // script or stylesheet that asked for it.
      if (!isPage || pathname.startsWith("/assets/")) {
        throw new AppError("NOT_FOUND", `Route ${method} ${pathname} not found`);
      }
      if (index === null) return reply.code(503).send(notBuilt);
      return sendPage(request, reply, prerendered.get(pathname) ?? index);
    });
  },
  { name: "spa" },
);
