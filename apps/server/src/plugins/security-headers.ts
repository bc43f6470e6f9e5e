import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
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

/** Security headers on every response, HTML and JSON alike. */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
      // Matches frame-ancestors 'none' for browsers that only know the older header.
      frameguard: { action: "deny" },
    });
  },
  { name: "security-headers" },
);
