import fastifyCookie from "@fastify/cookie";
import type { Role } from "@satsbank/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "../adapters/clock.js";
import type { Db } from "../db/client.js";
import { AppError } from "../domain/app-error.js";
import { sessionCookieMaxAge } from "../domain/auth-policy.js";
import { authText } from "../modules/auth/messages.js";
import { findSession, type UserRow } from "../modules/auth/queries.js";
import type { NewSession } from "../modules/auth/sessions.js";
import { hashToken } from "../modules/auth/tokens.js";
import { isApiRequest } from "./api-paths.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person and their session, or null (set for API requests only). */
    auth: { sessionId: string; user: UserRow } | null;
  }
}

/** The session cookie: its name, and how it is set and cleared. */
export type SessionCookies = {
  readonly name: string;
  /** The token the browser sent, if any. */
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, session: NewSession): void;
  clear(reply: FastifyReply): void;
};

/**
 * HttpOnly, SameSite=Lax, Path=/. Over HTTPS (production) also Secure, under the `__Host-` prefix, which
 * the browser accepts only from this exact host over HTTPS: no subdomain can plant or shadow it.
 */
export function sessionCookies({ secure }: { secure: boolean }): SessionCookies {
  const name = secure ? "__Host-satsbank_session" : "satsbank_session";
  const base = { httpOnly: true, sameSite: "lax", path: "/", secure } as const;
  return {
    name,
    read: (request) => request.cookies[name] || undefined,
    set(reply, session) {
      const maxAge = sessionCookieMaxAge(session.remember);
      // Without Max-Age the cookie lasts until the browser closes; the server ends it after 12 hours.
      reply.setCookie(name, session.token, maxAge === undefined ? base : { ...base, maxAge });
    },
    clear: (reply) => {
      reply.clearCookie(name, base);
    },
  };
}

/** Reads the session cookie of API requests and puts the signed-in person on `request.auth`. */
export const session = fp(
  async (app: FastifyInstance, { db, clock, cookies }: { db: Db; clock: Clock; cookies: SessionCookies }) => {
    await app.register(fastifyCookie);
    app.decorateRequest("auth", null);
    app.addHook("onRequest", async (request) => {
      if (!isApiRequest(request)) return;
      const token = cookies.read(request);
      if (token === undefined) return;
      const found = await findSession(db, hashToken(token), clock.now());
      request.auth = found ?? null;
    });
  },
  { name: "session" },
);

/** preHandler: 401 UNAUTHENTICATED unless someone is signed in. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (request.auth === null) throw new AppError("UNAUTHENTICATED", authText.signInRequired);
}

/** preHandler: 401 when signed out, 403 FORBIDDEN when signed in with another role. */
export function requireRole(role: Role) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireAuth(request);
    if (request.auth?.user.role !== role) throw new AppError("FORBIDDEN", authText.forbidden);
  };
}

/** The signed-in person of a route behind requireAuth. */
export function signedIn(request: FastifyRequest): { sessionId: string; user: UserRow } {
  if (request.auth === null) throw new AppError("UNAUTHENTICATED", authText.signInRequired);
  return request.auth;
}
