import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The Content-Security-Policy the built SPA satisfies: every script, style, font and image comes from
 * this origin, and the page may not be framed. Written out in full (no helmet defaults) so this list is
 * the whole policy.
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

const helmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  // Matches frame-ancestors 'none' for browsers that only know the older header.
  frameguard: { action: "deny" },
} as const;

/**
 * The headers helmet sets with these options, worked out once at start-up on a throwaway instance:
 * @fastify/helmet builds helmet's middleware (and parses the policy) on every request, yet no header
 * depends on the request. Set once per response, they cost the hottest reads nothing measurable.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, helmetOptions);
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

/** Security headers on every response, HTML and JSON alike. */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const headers = Object.entries(await helmetHeaders());
    // On the raw response, as helmet sets them: a hijacked reply (the notification stream) has them too.
    app.addHook("onRequest", (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: "security-headers" },
);
