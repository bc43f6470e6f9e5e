import fastifyCookie from "@fastify/cookie";
import { type Role, sendErrors } from "@satsbank/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "../adapters/clock.js";
import { AppError } from "../domain/app-error.js";
import { sessionCookieMaxAge } from "../domain/auth-policy.js";
import type { User } from "../domain/user.js";
import { isApiRequest } from "./api-paths.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person and their session, or null (set for API requests only). */
    auth: SignedIn | null;
    /** Signed out because the cookie's session was ended for a reason the browser hears (a deactivation). */
    sessionEnded: EndedReason | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's own session look-up, in place of the app's: the session and what the route reads of its
     * person in one statement (GET /api/wallet). It answers what the app's look-up answers, and more.
     */
    loadSession?: LoadSession;
  }
}

/** Who is signed in: the session and its person, without a password hash or a TOTP secret. */
export type SignedIn = { readonly sessionId: string; readonly user: User };

/**
 * Finds the live session of a cookie's token. The auth module builds it (app.ts passes it in), so this
 * plugin knows nothing of tokens, tables or queries, and plugins/ never imports modules/.
 */
export type LoadSession = (token: string, now: Date) => Promise<SignedIn | undefined>;

/** Why a cookie's session ended, when the browser should hear it: its account was deactivated. */
export type EndedReason = "accountInactive";

/** The auth module's lookup of that reason (app.ts passes it in), asked only when no live session was found. */
export type WhySessionEnded = (token: string, now: Date) => Promise<EndedReason | undefined>;

/** What the session checks answer. */
export const sessionText = {
  signInRequired: "Please sign in to continue.",
  forbidden: "You do not have access to this.",
  /** A deactivated account's session: the sign-in screen says why (the reason `accountInactive`). */
  accountInactive: sendErrors.accountInactive.text,
} as const;

/** The session cookie: its name, and how it is set and cleared. */
export type SessionCookies = {
  readonly name: string;
  /** The token the browser sent, if any. */
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, session: { token: string; remember: boolean }): void;
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

/**
 * Reads the session cookie of API requests and puts the signed-in person on `request.auth` (through the
 * route's own look-up when its config names one); when the cookie's session is gone, asks `whyEnded` (a
 * second lookup only then) and keeps a reason the browser should hear on `request.sessionEnded`.
 */
export const session = fp(
  async (
    app: FastifyInstance,
    {
      loadSession,
      whyEnded,
      clock,
      cookies,
    }: { loadSession: LoadSession; whyEnded?: WhySessionEnded; clock: Clock; cookies: SessionCookies },
  ) => {
    await app.register(fastifyCookie);
    app.decorateRequest("auth", null);
    app.decorateRequest("sessionEnded", null);
    app.addHook("onRequest", async (request) => {
      if (!isApiRequest(request)) return;
      const token = cookies.read(request);
      if (token === undefined) return;
      const now = clock.now();
      const found = await (request.routeOptions.config.loadSession ?? loadSession)(token, now);
      request.auth = found ?? null;
      if (found === undefined && whyEnded !== undefined)
        request.sessionEnded = (await whyEnded(token, now)) ?? null;
    });
  },
  { name: "session" },
);

/** The 401 of a request nobody is signed in on: with the reason when the session was ended for one. */
function signInRequired(request: FastifyRequest): AppError {
  if (request.sessionEnded === "accountInactive") {
    return new AppError("UNAUTHENTICATED", sessionText.accountInactive, undefined, "accountInactive");
  }
  return new AppError("UNAUTHENTICATED", sessionText.signInRequired);
}

/** preHandler: 401 UNAUTHENTICATED unless someone is signed in. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (request.auth === null) throw signInRequired(request);
}

/** preHandler: 401 when signed out, 403 FORBIDDEN when signed in with another role. */
export function requireRole(role: Role) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireAuth(request);
    if (request.auth?.user.role !== role) throw new AppError("FORBIDDEN", sessionText.forbidden);
  };
}

/** The signed-in person of a route behind requireAuth. */
export function signedIn(request: FastifyRequest): SignedIn {
  if (request.auth === null) throw signInRequired(request);
  return request.auth;
}
