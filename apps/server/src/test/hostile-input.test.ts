import { isPlainMultilineText, isWellFormedText, textMessages, withLineFeeds } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routesOf } from "./app-routes.js";
import { signUp } from "./auth-helpers.js";
import { createTestApp, type TestApp } from "./create-test-app.js";
import { fingerprint } from "./fingerprint.js";
import { testStaff } from "./staff-helpers.js";

/**
 * Every route, every field, every hostile string: the answer is a 4xx in the error shape, never a 5xx,
 * and the database is exactly as it was. The route list is written out by hand (each field with a valid
 * value, so that only the hostile one is wrong), and a test checks it against the routes the app has.
 */

// Control characters and bidirectional overrides, alone, inside text and around it.
const HOSTILE = [
  "\u0000",
  "a\u0000b",
  "name@example.com\u0000",
  "\u0007bell",
  "tab\tinside",
  "line\nbreak",
  "cr\r\nlf",
  "\u001b[31mred",
  "del\u007f",
  "c1\u0085\u009b",
  "\u202eevil",
  "\u202a\u202b\u202c\u202d",
  "\u2066isolated\u2069",
  "\u2067\u2068",
  // Unpaired UTF-16 surrogates: a JSON body carries one as "\ud800"; jsonb refuses it, text would get U+FFFD.
  "\ud800",
  "subject \udc00",
  "\ud83d\ud83d pair of highs",
  "Zoë \ud83d",
];

/**
 * The message a text field answers for `hostile`. An unpaired surrogate has its own; a URL cannot carry
 * one (its bytes are UTF-8), so only a body's fields are sent one.
 */
const messageFor = (hostile: string) =>
  isWellFormedText(hostile) ? textMessages.hostile : textMessages.unpairedSurrogate;

type Part = "body" | "query" | "params";
type Case = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route as the router knows it (`:name` for a parameter). */
  route: string;
  part: Part;
  /** A valid request; each field in turn is replaced by a hostile string. */
  valid: Record<string, unknown>;
  /** Free text (names, emails, notes, searches, tokens): refused with the plain-text message itself. */
  text: string[];
  /**
   * Free text with lines (a support message, typed in a textarea): line feeds are its own, so a string
   * whose only control characters are line breaks is no hostile text there (the support tests store one);
   * every other one is refused with the plain-text message, as in `text`.
   */
  multiline?: string[];
  /** Other fields (amounts, flags, codes, ids): any 4xx will do. */
  other: string[];
  /**
   * Passwords: secrets compared by their hash, so any text may be typed into one. A hostile one is a wrong
   * password: a 4xx, counted like any wrong password by the rate limits, and nothing else.
   */
  secret?: string[];
  /** The path's parameters of a route whose body is tested (valid ones, left as they are). */
  params?: Record<string, string>;
};

// What a wrong password may change: the counters of the rate limits and the login history.
const BOOKKEEPING = ["rate_limit_counters", "login_events"];

const UUID = "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11";
const PASSWORD = "correct horse battery";

function cases(email: string): Case[] {
  const none: Pick<Case, "part" | "valid" | "text" | "other"> = {
    part: "body",
    valid: {},
    text: [],
    other: [],
  };
  return [
    { method: "GET", route: "/healthz", ...none },
    { method: "GET", route: "/api/meta", ...none },
    {
      method: "POST",
      route: "/api/auth/signup",
      part: "body",
      valid: {
        name: "New Person",
        email: "new-person@example.com",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      text: ["name", "email"],
      other: [],
      secret: ["password", "confirmPassword"],
    },
    {
      method: "POST",
      route: "/api/auth/login",
      part: "body",
      valid: { email, password: PASSWORD, remember: false },
      text: ["email"],
      other: ["remember"],
    },
    {
      method: "POST",
      route: "/api/auth/login/verify",
      part: "body",
      valid: { challengeId: UUID, code: "123456" },
      text: ["challengeId"],
      other: ["code"],
    },
    {
      method: "POST",
      route: "/api/auth/login/recovery",
      part: "body",
      valid: { challengeId: UUID, recoveryCode: "aaaaa-aaaaa" },
      text: ["challengeId", "recoveryCode"],
      other: [],
    },
    {
      method: "POST",
      route: "/api/auth/login/resend",
      part: "body",
      valid: { challengeId: UUID },
      text: ["challengeId"],
      other: [],
    },
    { method: "POST", route: "/api/auth/logout", ...none },
    { method: "GET", route: "/api/auth/me", ...none },
    {
      method: "POST",
      route: "/api/auth/password-reset",
      part: "body",
      valid: { email },
      text: ["email"],
      other: [],
    },
    {
      method: "POST",
      route: "/api/auth/password-reset/confirm",
      part: "body",
      valid: { token: "not-a-real-token", password: PASSWORD, confirmPassword: PASSWORD },
      text: ["token"],
      other: [],
      secret: ["password", "confirmPassword"],
    },
    {
      method: "POST",
      route: "/api/auth/verify-email",
      part: "body",
      valid: { token: "not-a-real-token" },
      text: ["token"],
      other: [],
    },
    { method: "POST", route: "/api/auth/verify-email/resend", ...none },
    {
      method: "POST",
      route: "/api/account/password",
      part: "body",
      valid: {
        currentPassword: PASSWORD,
        newPassword: "another good password",
        confirmPassword: "another good password",
      },
      text: [],
      other: [],
      secret: ["currentPassword", "newPassword", "confirmPassword"],
    },
    {
      method: "POST",
      route: "/api/account/two-factor/setup",
      part: "body",
      valid: { currentPassword: PASSWORD },
      text: [],
      other: [],
      secret: ["currentPassword"],
    },
    {
      method: "POST",
      route: "/api/account/two-factor/enable",
      part: "body",
      valid: { code: "123456" },
      text: [],
      other: ["code"],
    },
    {
      method: "POST",
      route: "/api/account/two-factor/disable",
      part: "body",
      valid: { code: "123456" },
      text: [],
      other: ["code"],
    },
    { method: "GET", route: "/api/account/two-factor/recovery-codes", ...none },
    {
      method: "POST",
      route: "/api/account/two-factor/recovery-codes",
      part: "body",
      valid: { currentPassword: PASSWORD },
      text: [],
      other: [],
      secret: ["currentPassword"],
    },
    { method: "GET", route: "/api/account/login-history", ...none },
    {
      method: "POST",
      route: "/api/account/reauthenticate",
      part: "body",
      valid: { currentPassword: PASSWORD },
      text: [],
      other: [],
      secret: ["currentPassword"],
    },
    {
      method: "POST",
      route: "/api/account/reauthenticate/verify",
      part: "body",
      valid: { challengeId: UUID, code: "123456" },
      text: ["challengeId"],
      other: ["code"],
    },
    { method: "GET", route: "/api/account/passkeys", ...none },
    {
      method: "PATCH",
      route: "/api/account/passkeys/settings",
      part: "body",
      valid: { approveWithdrawals: true },
      text: [],
      other: ["approveWithdrawals"],
    },
    {
      method: "PATCH",
      route: "/api/account/passkeys/:passkeyId",
      part: "body",
      params: { passkeyId: UUID },
      valid: { name: "Work laptop" },
      text: ["name"],
      other: [],
    },
    {
      method: "DELETE",
      route: "/api/account/passkeys/:passkeyId",
      part: "params",
      valid: { passkeyId: UUID },
      text: [],
      other: ["passkeyId"],
    },
    { method: "POST", route: "/api/auth/passkeys/registration/options", ...none },
    {
      method: "POST",
      route: "/api/auth/passkeys/registration/verify",
      part: "body",
      valid: {
        challengeId: UUID,
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          response: { clientDataJSON: "e30", attestationObject: "oA" },
          clientExtensionResults: {},
        },
        name: "Work laptop",
      },
      text: ["name"],
      other: ["challengeId", "response"],
    },
    {
      method: "POST",
      route: "/api/auth/passkeys/authentication/options",
      part: "body",
      valid: { purpose: "signIn" },
      text: [],
      other: ["purpose"],
    },
    {
      method: "POST",
      route: "/api/auth/passkeys/authentication/verify",
      part: "body",
      valid: {
        challengeId: UUID,
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
          clientExtensionResults: {},
        },
        remember: false,
      },
      text: [],
      other: ["challengeId", "response", "remember"],
    },
    {
      method: "PATCH",
      route: "/api/account/profile",
      part: "body",
      valid: { name: "Hostile Tester", phone: "+44 20 7946 0106" },
      text: ["name", "phone"],
      other: [],
    },
    {
      method: "POST",
      route: "/api/support/requests",
      part: "body",
      valid: { subject: "A question", message: "A question about my account" },
      text: ["subject"],
      other: [],
      multiline: ["message"],
    },
    {
      method: "POST",
      route: "/api/support/contact",
      part: "body",
      valid: {
        name: "Hostile Tester",
        email: "contact@example.com",
        subject: "A question",
        message: "A question about my account",
      },
      text: ["name", "email", "subject"],
      other: [],
      multiline: ["message"],
    },
    { method: "GET", route: "/api/support/facts", ...none },
    { method: "GET", route: "/api/admin/me", ...none },
    { method: "GET", route: "/api/admin/ledger/health", ...none },
    {
      method: "GET",
      route: "/api/admin/customers",
      part: "query",
      valid: { q: "alice", sort: "name", order: "asc", page: "1", pageSize: "20" },
      text: ["q"],
      other: ["sort", "order", "page", "pageSize"],
    },
    {
      method: "GET",
      route: "/api/admin/customers/:userId",
      part: "params",
      valid: { userId: UUID },
      text: [],
      other: ["userId"],
    },
    {
      method: "GET",
      route: "/api/admin/customers/:userId/statements/:month",
      part: "query",
      params: { userId: UUID, month: "2020-01" },
      valid: { timeZone: "Europe/Paris" },
      text: [],
      other: ["timeZone"],
    },
    {
      method: "POST",
      route: "/api/admin/customers/:userId/deactivate",
      part: "body",
      params: { userId: UUID },
      valid: { reason: "Suspected account takeover" },
      text: ["reason"],
      other: [],
    },
    {
      method: "POST",
      route: "/api/admin/customers/:userId/reactivate",
      part: "body",
      params: { userId: UUID },
      valid: { reason: "Identity confirmed by phone" },
      text: ["reason"],
      other: [],
    },
    {
      method: "GET",
      route: "/api/admin/transactions",
      part: "query",
      valid: { q: "alice", type: "send", status: "pending", limit: "20" },
      text: ["q", "cursor"],
      other: ["type", "status", "limit"],
    },
    {
      method: "GET",
      route: "/api/admin/transactions/export.csv",
      part: "query",
      valid: { q: "alice", type: "all", status: "all" },
      text: ["q"],
      other: ["type", "status"],
    },
    {
      method: "GET",
      route: "/api/admin/kyc/submissions",
      part: "query",
      valid: { status: "pending", limit: "20" },
      text: ["cursor"],
      other: ["status", "limit"],
    },
    {
      method: "GET",
      route: "/api/admin/withdrawals",
      part: "query",
      valid: { status: "awaiting_approval", limit: "20" },
      text: ["cursor"],
      other: ["status", "limit"],
    },
    {
      method: "POST",
      route: "/api/admin/withdrawals/:withdrawalId/approve",
      part: "params",
      valid: { withdrawalId: UUID },
      text: [],
      other: ["withdrawalId"],
    },
    {
      method: "POST",
      route: "/api/admin/withdrawals/:withdrawalId/reject",
      part: "body",
      params: { withdrawalId: UUID },
      valid: { reason: "Address not confirmed" },
      text: ["reason"],
      other: [],
    },
    {
      method: "GET",
      route: "/api/admin/support",
      part: "query",
      valid: { status: "open", limit: "20" },
      text: ["cursor"],
      other: ["status", "limit"],
    },
    {
      method: "POST",
      route: "/api/admin/support/:requestId/reply",
      part: "body",
      params: { requestId: UUID },
      valid: { message: "We are looking into it." },
      text: [],
      other: [],
      multiline: ["message"],
    },
    {
      method: "POST",
      route: "/api/admin/support/:requestId/close",
      part: "params",
      valid: { requestId: UUID },
      text: [],
      other: ["requestId"],
    },
    { method: "GET", route: "/api/admin/books", ...none },
    ...(["reverse", "absorb"] as const).map(
      (action): Case => ({
        method: "POST",
        route: `/api/admin/books/deposits/:txid/:vout/${action}`,
        part: "body",
        params: { txid: "ab".repeat(32), vout: "0" },
        valid: { reason: "The deposit did not come back" },
        text: ["reason"],
        other: [],
      }),
    ),
    { method: "GET", route: "/api/admin/solvency", ...none },
    { method: "POST", route: "/api/admin/proof/epochs", ...none },
    {
      method: "GET",
      route: "/api/admin/proof/epochs/:epoch/reserves/psbt",
      part: "query",
      params: { epoch: "1" },
      valid: { format: "base64" },
      text: [],
      other: ["format"],
    },
    {
      method: "POST",
      route: "/api/admin/proof/epochs/:epoch/reserves/signatures",
      part: "body",
      params: { epoch: "1" },
      valid: { psbt: "cHNidP8BAA==" },
      text: [],
      other: ["psbt"],
    },
    { method: "GET", route: "/api/proof", ...none },
    ...(["/api/proof/:epoch", "/api/proof/:epoch/me"] as const).map(
      (route): Case => ({
        method: "GET",
        route,
        part: "params",
        valid: { epoch: "1" },
        text: [],
        other: ["epoch"],
      }),
    ),
    {
      method: "POST",
      route: "/api/admin/solvency/resume",
      part: "body",
      valid: { reason: "Checked the node by hand" },
      text: ["reason"],
      other: [],
    },
    { method: "GET", route: "/api/admin/vault", ...none },
    {
      method: "POST",
      route: "/api/admin/vault/refills",
      part: "body",
      valid: { amountSats: "100000", reason: "Top up the hot wallet" },
      text: ["reason"],
      other: ["amountSats"],
    },
    {
      method: "GET",
      route: "/api/admin/vault/refills/:refillId",
      part: "params",
      valid: { refillId: UUID },
      text: [],
      other: ["refillId"],
    },
    {
      method: "GET",
      route: "/api/admin/vault/refills/:refillId/psbt",
      part: "query",
      params: { refillId: UUID },
      valid: { format: "base64" },
      text: [],
      other: ["format"],
    },
    {
      method: "POST",
      route: "/api/admin/vault/refills/:refillId/signatures",
      part: "body",
      params: { refillId: UUID },
      valid: { psbt: "cHNidP8BAA==" },
      text: [],
      other: ["psbt"],
    },
    {
      method: "POST",
      route: "/api/admin/vault/refills/:refillId/cancel",
      part: "body",
      params: { refillId: UUID },
      valid: { reason: "Not needed any more" },
      text: ["reason"],
      other: [],
    },
    {
      method: "GET",
      route: "/api/admin/audit",
      part: "query",
      valid: { actor: UUID, action: "customer.deactivated", target: UUID, q: "takeover", limit: "20" },
      text: ["target", "q", "cursor"],
      other: ["actor", "action", "limit"],
    },
    {
      method: "POST",
      route: "/api/admin/kyc/submissions/:submissionId/decision",
      part: "body",
      params: { submissionId: UUID },
      valid: { decision: "reject", reason: "The photo is blurred" },
      text: ["reason"],
      other: ["decision"],
    },
    { method: "GET", route: "/api/kyc", ...none },
    // Multipart: its fields and its file's name are tried in modules/kyc/kyc.test.ts.
    { method: "POST", route: "/api/kyc/documents", ...none },
    {
      method: "GET",
      route: "/api/kyc/documents/:documentId",
      part: "params",
      valid: { documentId: UUID },
      text: [],
      other: ["documentId"],
    },
    {
      method: "POST",
      route: "/api/kyc/submissions",
      part: "body",
      valid: { level: "enhanced", sourceOfFunds: "Salary from my employer", documentId: UUID },
      text: ["sourceOfFunds"],
      other: ["level", "documentId"],
    },
    { method: "GET", route: "/api/external-wallets", ...none },
    {
      method: "POST",
      route: "/api/external-wallets",
      part: "body",
      valid: { challengeId: UUID, signature: "AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxY=" },
      text: ["challengeId", "signature"],
      other: [],
    },
    {
      method: "POST",
      route: "/api/external-wallets/challenges",
      part: "body",
      valid: { provider: "unisat", address: "bcrt1qnotanaddress" },
      text: ["address"],
      other: ["provider"],
    },
    { method: "POST", route: "/api/external-wallets/disconnect", ...none },
    { method: "GET", route: "/api/wallet", ...none },
    { method: "GET", route: "/api/wallet/receive", ...none },
    { method: "GET", route: "/api/wallet/payees/recent", ...none },
    {
      method: "POST",
      route: "/api/wallet/send/recipient",
      part: "body",
      valid: { recipient: "nobody" },
      text: ["recipient"],
      other: [],
    },
    {
      method: "POST",
      route: "/api/wallet/send/quote",
      part: "body",
      valid: { recipient: "nobody", amountSats: "1000" },
      text: ["recipient"],
      other: ["amountSats"],
    },
    {
      method: "POST",
      route: "/api/wallet/send",
      part: "body",
      valid: { recipient: "nobody", amountSats: "1000", note: "lunch", idempotencyKey: UUID },
      text: ["recipient", "note"],
      other: ["amountSats", "idempotencyKey"],
    },
    {
      method: "POST",
      route: "/api/wallet/withdrawals/:transactionId/cancel",
      part: "params",
      valid: { transactionId: UUID },
      text: [],
      other: ["transactionId"],
    },
    {
      method: "GET",
      route: "/api/transactions",
      part: "query",
      valid: { filter: "all", q: "alice", limit: "20" },
      text: ["q", "cursor"],
      other: ["filter", "limit"],
    },
    {
      method: "GET",
      route: "/api/transactions/export",
      part: "query",
      valid: { filter: "sent", q: "alice", format: "json", timeZone: "Europe/Paris" },
      text: ["q"],
      other: ["filter", "format", "timeZone"],
    },
    {
      method: "GET",
      route: "/api/transactions/:transactionId",
      part: "params",
      valid: { transactionId: UUID },
      text: [],
      other: ["transactionId"],
    },
    {
      method: "GET",
      route: "/api/statements/:month",
      part: "query",
      params: { month: "2020-01" },
      valid: { timeZone: "Europe/Paris" },
      text: [],
      other: ["timeZone"],
    },
    {
      method: "GET",
      route: "/api/transactions/:transactionId/receipt",
      part: "params",
      valid: { transactionId: UUID },
      text: [],
      other: ["transactionId"],
    },
    {
      method: "PUT",
      route: "/api/transactions/:transactionId/label",
      part: "body",
      params: { transactionId: UUID },
      valid: { label: "Rent for March" },
      text: ["label"],
      other: [],
    },
    {
      method: "PUT",
      route: "/api/labels/addresses/:address",
      part: "body",
      params: { address: "bcrt1qnotanaddress" },
      valid: { label: "Savings" },
      text: ["label"],
      other: [],
    },
    { method: "GET", route: "/api/labels/bip329", ...none },
    // The file's text (JSON Lines): its hostile lines are skipped one by one (labels/bip329.test.ts).
    { method: "POST", route: "/api/labels/bip329", ...none },
    {
      method: "GET",
      route: "/api/notifications",
      part: "query",
      valid: { limit: "20" },
      text: ["cursor"],
      other: ["limit"],
    },
    {
      method: "POST",
      route: "/api/notifications/:notificationId/read",
      part: "params",
      valid: { notificationId: UUID },
      text: [],
      other: ["notificationId"],
    },
    { method: "POST", route: "/api/notifications/read-all", ...none },
    // Signed out only (a route without fields): 401 before the stream would open.
    { method: "GET", route: "/api/notifications/stream", ...none },
    { method: "GET", route: "/api/notifications/settings", ...none },
    {
      method: "PATCH",
      route: "/api/notifications/settings",
      part: "body",
      valid: { transactionAlerts: true, securityAlerts: true, emailNotifications: true },
      text: [],
      other: ["transactionAlerts", "securityAlerts", "emailNotifications"],
    },
    {
      method: "POST",
      route: "/api/admin/customers/:userId/messages",
      part: "body",
      params: { userId: UUID },
      valid: { subject: "About your account", body: "Your statement is ready." },
      text: ["subject"],
      // Its lines are its own (a line feed, a CRLF): those pass on to the staff check, every other hostile
      // character is refused (notifications.test.ts).
      other: ["body"],
    },
    { method: "GET", route: "/api/dev/mailbox", part: "query", valid: {}, text: ["to"], other: [] },
    {
      method: "POST",
      route: "/api/dev/sandbox/pay",
      part: "body",
      valid: { address: "bcrt1qnotanaddress", amountSats: "1000" },
      text: ["address"],
      other: ["amountSats"],
    },
    {
      method: "POST",
      route: "/api/dev/sandbox/mine",
      part: "body",
      valid: { blocks: 1 },
      text: [],
      other: ["blocks"],
    },
    {
      method: "POST",
      route: "/api/dev/sandbox/reorg",
      part: "body",
      valid: { depth: 1, drop: false },
      text: [],
      other: ["depth", "drop"],
    },
    {
      method: "POST",
      route: "/api/dev/sandbox/rpc",
      part: "body",
      // A JSON-RPC call: a hostile method is refused (read-only calls only), hostile params by the node.
      valid: { jsonrpc: "1.0", id: 1, method: "getblockcount", params: [] },
      text: [],
      other: ["method", "params"],
    },
    { method: "GET", route: "/dev/mailbox", part: "query", valid: {}, text: ["to"], other: [] },
  ];
}

function request(c: Case, values: Record<string, unknown>) {
  const path = (from: Record<string, unknown>) =>
    c.route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(from[name])));
  if (c.part === "params") return { method: c.method, url: path(values) };
  const url = path(c.params ?? {});
  if (c.part === "query") return { method: c.method, url, query: values as Record<string, string> };
  return { method: c.method, url, payload: values };
}

let t: TestApp;
let email: string;
let token: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const signedUp = await signUp(t, {
    name: "Hostile Tester",
    email: "hostile-tester@example.com",
    password: PASSWORD,
  });
  email = signedUp.account.email;
  token = signedUp.token;
  staffToken = (await testStaff(t, { name: "Hostile Staff" })).token;
});
afterAll(() => t.close());

/** Sends every hostile string in each of `fields` (or in an unknown one), signed out and in; returns the count. */
async function sendHostile(c: Case, fields: string[]): Promise<number> {
  let sent = 0;
  // Routes without fields still get hostile text, in a field they do not know, signed out: signed in,
  // they would do their work (a sign-out ends the session), which is no answer to hostile text.
  const fieldless = [...c.text, ...c.other, ...(c.secret ?? []), ...(c.multiline ?? [])].length === 0;
  if (fields.length === 0 && !fieldless) return 0;
  const targets = fieldless ? ["unexpected"] : fields;
  // Staff endpoints refuse everyone but staff before they read a field (plugins/staff-access.ts; the
  // access test covers those refusals): their fields are tried signed in as staff.
  const staffOnly = c.route.startsWith("/api/admin/");
  const cookies = fieldless ? [undefined] : staffOnly ? [staffToken] : [undefined, token];
  for (const field of targets) {
    for (const hostile of HOSTILE) {
      if (c.multiline?.includes(field) && isPlainMultilineText(withLineFeeds(hostile))) continue;
      if (c.part !== "body" && !isWellFormedText(hostile)) continue;
      for (const cookie of cookies) {
        const res = await t.app.inject({
          ...request(c, { ...c.valid, [field]: hostile }),
          ...(cookie === undefined ? {} : { cookies: { satsbank_session: cookie } }),
        });
        sent += 1;
        const what = `${c.method} ${c.route} ${field}=${JSON.stringify(hostile)}${cookie ? " signed in" : ""}`;
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        if (fieldless) continue; // an unknown field is ignored: the route answers as usual
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.json().error.code, what).toBeDefined();
        if (c.text.includes(field) || c.multiline?.includes(field)) {
          expect(res.statusCode, what).toBe(400);
          expect(res.json().error.fields?.[field], what).toBe(messageFor(hostile));
        }
      }
    }
  }
  return sent;
}

describe("hostile text in every field of every route", () => {
  it("lists every route the app serves", async () => {
    await t.app.ready();
    const listed = cases(email).map((c) => `${c.method} ${c.route}`);
    expect(listed.sort()).toEqual(routesOf(t.app.printRoutes({ commonPrefix: false })));
  });

  it("answers 4xx in the error shape, never 5xx, and changes nothing", async () => {
    const before = await fingerprint(t);
    let sent = 0;
    for (const c of cases(email)) {
      sent += await sendHostile(c, [...c.text, ...c.other, ...(c.multiline ?? [])]);
    }
    expect(sent).toBeGreaterThan(500);
    expect(await fingerprint(t)).toEqual(before);
  }, 180_000);

  it("takes a hostile password for a wrong one: 4xx, and nothing changes but the rate-limit counts", async () => {
    const before = await fingerprint(t, BOOKKEEPING);
    for (const c of cases(email)) await sendHostile(c, c.secret ?? []);
    expect(await fingerprint(t, BOOKKEEPING)).toEqual(before);
  }, 180_000);

  it("refuses a history cursor holding a time no clock shows with 400, not 500", async () => {
    for (const createdAt of [
      "2030-02-31T12:00:00.000000Z",
      "2030-01-15T24:30:00.000000Z",
      "0000-01-01T00:00:00.000000Z",
    ]) {
      const cursor = Buffer.from(JSON.stringify([createdAt, UUID])).toString("base64url");
      const res = await t.app.inject({
        url: "/api/transactions",
        query: { cursor },
        cookies: { satsbank_session: token },
      });
      expect(res.statusCode, createdAt).toBe(400);
      expect(res.json().error.fields).toHaveProperty("cursor");
    }
  });
});
