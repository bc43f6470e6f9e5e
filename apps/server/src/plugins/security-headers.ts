import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The Content-Security-Policy the built SPA satisfies: every script, style, font and image comes from
 * this origin, and the page may not be framed. Written out in full (no helmet defaults) so this list is
 * the whole policy. The pages' inline scripts (the theme's, the dashboard's early requests) are added by
 * their hashes (`pagePolicy`).
 */
export const contentSecurityPolicy = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  // Vite and Tailwind emit only external stylesheets, but React and Radix set inline `style` attributes
  // (popover positions, progress bars), which CSP counts as inline styles. Inline styles cannot run code,
  // so allowing them keeps the protection that matters: no inline or foreign script.
  "style-src": ["'self'", "'unsafe-inline'"],
  // data: and blob: for generated QR codes and previews of a document before it is uploaded.
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "frame-ancestors": ["'none'"],
  "form-action": ["'self'"],
  "manifest-src": ["'self'"],
  "worker-src": ["'self'"],
};

/**
 * The scripts the web build writes inline into its pages, so the first paint waits for no other file:
 * the theme's into every page (apps/web/build/inline-scripts.ts), the dashboard's early requests into the
 * dashboard's (apps/web/build/prerender.ts). The build also copies each, the same bytes, to the web app's
 * folder.
 */
export const INLINE_SCRIPTS = ["theme-init.js", "early-data.js"] as const;

/**
 * The CSP sources that allow the inline scripts: `'sha256-<base64>'` of each built file's bytes, read at
 * start from the build the server serves (never typed by hand, so a changed script is allowed as it
 * changes). None when the web app is not built. e2e/tests/first-paint.spec.ts checks that the served
 * pages' inline scripts have these hashes.
 */
export function inlineScriptSources(distDir: string): string[] {
  return INLINE_SCRIPTS.map((name) => path.join(distDir, name))
    .filter((file) => existsSync(file))
    .map((file) => `'sha256-${createHash("sha256").update(readFileSync(file)).digest("base64")}'`);
}

/** The policy of every response: the SPA's, its script-src also allowing the built inline scripts. */
export function pagePolicy(distDir: string): typeof contentSecurityPolicy {
  const scriptSrc = [...contentSecurityPolicy["script-src"], ...inlineScriptSources(distDir)];
  return { ...contentSecurityPolicy, "script-src": scriptSrc };
}

const helmetOptions = (directives: typeof contentSecurityPolicy) =>
  ({
    contentSecurityPolicy: { useDefaults: false, directives },
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    frameguard: { action: "deny" },
  }) as const;

/**
 * The headers helmet sets with these options, worked out once at start-up on a throwaway instance:
 * @fastify/helmet builds helmet's middleware (and parses the policy) on every request, yet no header
 * depends on the request. Set once per response, they cost the hottest reads nothing measurable.
 */
async function helmetHeaders(directives: typeof contentSecurityPolicy): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, helmetOptions(directives));
    probe.get("/", async () => "");
    const res = await probe.inject({ url: "/" });
    await probe.close();
    return res.headers;
  };
  const bare = await answer(false);
  const secured = await answer(true);
  return Object.fromEntries(
    Object.entries(secured)
      .filter(([name]) => !(name in bare))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Security headers on every response, HTML and JSON alike; `distDir` is the built web app's folder (the
 * inline scripts' hashes are read from it).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { distDir }: { distDir: string }) => {
    const headers = Object.entries(await helmetHeaders(pagePolicy(distDir)));
    // On the raw response, as helmet sets them: a hijacked reply (the notification stream) has them too.
    app.addHook("onRequest", (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: "security-headers" },
);
