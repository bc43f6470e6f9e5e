import { apiPaths } from "@satsbank/shared";
import { expect } from "vitest";
import { signIn } from "../auth-helpers.js";
import { type Attack, attack, type Call, call, freshIp } from "./attack.js";
import type { World } from "./world.js";

type Res = Awaited<ReturnType<typeof call>>;

/** The headers every answer carries, HTML and JSON, success and refusal alike. */
function expectSecurityHeaders(res: Res, what: string): void {
  const csp = String(res.headers["content-security-policy"] ?? "");
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self';");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe/);
  expect(res.headers["x-content-type-options"], what).toBe("nosniff");
  expect(res.headers["x-frame-options"], what).toBe("DENY");
  expect(res.headers["referrer-policy"], what).toBe("no-referrer");
  expect(res.headers["x-powered-by"], what).toBeUndefined();
  expect(res.headers.server, what).toBeUndefined();
}

type Answer = { name: string; request: (w: World) => Call; status: number; type: RegExp };

const HTML = /^text\/html/;
const JSON_TYPE = /^application\/json; charset=utf-8$/;

/** One answer of each kind a browser may be handed: a new kind joins by a line. */
const ANSWERS: Answer[] = [
  { name: "the web app's HTML", request: () => ({ url: "/" }), status: 200, type: HTML },
  { name: "a screen's HTML", request: () => ({ url: "/dashboard" }), status: 200, type: HTML },
  { name: "the dev mailbox page", request: () => ({ url: "/dev/mailbox" }), status: 200, type: HTML },
  {
    name: "API JSON",
    request: (w) => ({ url: apiPaths.wallet.summary, as: w.alice.token }),
    status: 200,
    type: JSON_TYPE,
  },
  {
    name: "an unknown API path",
    request: () => ({ url: "/api/nothing-here" }),
    status: 404,
    type: JSON_TYPE,
  },
  { name: "signed out", request: () => ({ url: apiPaths.wallet.summary }), status: 401, type: JSON_TYPE },
  {
    name: "a cross-site refusal",
    request: (w) => ({
      url: apiPaths.auth.logout,
      payload: {},
      as: w.alice.token,
      headers: { origin: "https://evil.example" },
    }),
    status: 403,
    type: JSON_TYPE,
  },
  {
    name: "a validation error",
    request: (w) => ({
      url: apiPaths.wallet.quote,
      payload: { recipient: "x", amountSats: "-1" },
      as: w.alice.token,
    }),
    status: 400,
    type: JSON_TYPE,
  },
  {
    name: "a URL the router refuses",
    request: () => ({ url: "/api/%E0%A4%A" }),
    status: 400,
    type: JSON_TYPE,
  },
  { name: "the health check", request: () => ({ url: "/healthz" }), status: 200, type: JSON_TYPE },
  {
    name: "a KYC file",
    request: (w) => ({ url: apiPaths.kyc.document(w.owns.documentId), as: w.alice.token }),
    status: 200,
    type: /^image\/jpeg$/,
  },
];

const answerAttacks = ANSWERS.map((answer) =>
  attack({
    name: `security headers on ${answer.name}`,
    attack: async (w) => {
      const res = await call(w, answer.request(w));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(answer.status);
      expect(res.headers["content-type"]).toMatch(answer.type);
      expectSecurityHeaders(res, answer.name);
    },
  }),
);

export const headerAttacks: Attack[] = [
  ...answerAttacks,
  attack({
    name: "no CORS grant: another site's script cannot read a signed-in answer, nor be cleared to write",
    attack: async (w) => {
      const origin = "https://evil.example";
      const read = await call(w, { url: apiPaths.wallet.summary, as: w.alice.token, headers: { origin } });
      expect(read.statusCode).toBe(200);
      const preflight = await w.t.app.inject({
        method: "OPTIONS",
        url: apiPaths.wallet.send,
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      for (const res of [read, preflight]) {
        expect(res.headers["access-control-allow-origin"]).toBeUndefined();
        expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      }
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    },
  }),
  attack({
    name: "session and device cookies: HttpOnly, SameSite=Lax, Path=/, no Domain (Secure in production: sign-in.test)",
    mayChange: ["sessions", "login_challenges", "login_events", "mail_outbox", "rate_limit_counters"],
    attack: async (w) => {
      const { res } = await signIn(w.t, w.bob.account, { remoteAddress: freshIp() });
      for (const name of ["satsbank_session", "satsbank_device"]) {
        const cookie = res.cookies.find((c) => c.name === name);
        expect(cookie, name).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
        expect(cookie?.domain, name).toBeUndefined();
      }
    },
  }),
];
