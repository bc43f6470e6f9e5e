import { expect } from "vitest";
import type { Clock } from "../adapters/clock.js";
import { listOutbox, type OutboxMessage } from "../adapters/mailer/outbox.js";
import type { TestApp } from "./create-test-app.js";

export const SESSION_COOKIE = "satsbank_session";
export const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
export const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

/** A clock the test moves by hand. */
export type FakeClock = Clock & { advance(ms: number): void };

export function fakeClock(start = new Date("2030-01-15T12:00:00.000Z")): FakeClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}

let counter = 0;
/** A fresh, unique email for one test. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}@example.com`;
}

type Inject = TestApp["app"]["inject"];
type Res = Awaited<ReturnType<Inject>>;

/** The value of the session cookie a response sets, or undefined. */
export function sessionToken(res: Res, name = SESSION_COOKIE): string | undefined {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie === undefined || cookie.value === "" ? undefined : cookie.value;
}

export async function mailTo(t: TestApp, email: string): Promise<OutboxMessage[]> {
  return listOutbox(t.db, { to: email.toLowerCase(), limit: 100 });
}

/** The one 6-digit number of a message's text. */
export function codeIn(text: string): string {
  const codes = text.match(/\b\d{6}\b/g) ?? [];
  expect(codes).toHaveLength(1);
  return codes[0] as string;
}

/** The token of the newest email verification link mailed to `email` (the link is its only URL). */
export async function mailedVerificationToken(t: TestApp, email: string): Promise<string> {
  const mail = (await mailTo(t, email)).find((message) => message.text.includes("/auth/verify-email?"));
  const links = mail?.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return new URL(links[0] as string).searchParams.get("token") ?? "";
}

export type ClientOptions = { remoteAddress?: string; userAgent?: string; cookie?: string };

function clientParts({ remoteAddress, userAgent, cookie }: ClientOptions = {}) {
  return {
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    headers: userAgent === undefined ? {} : { "user-agent": userAgent },
    ...(cookie === undefined ? {} : { cookies: { [SESSION_COOKIE]: cookie } }),
  };
}

export async function postJson(
  t: TestApp,
  url: string,
  payload: object,
  client?: ClientOptions,
): Promise<Res> {
  return t.app.inject({ method: "POST", url, payload, ...clientParts(client) });
}

export async function getJson(t: TestApp, url: string, client?: ClientOptions): Promise<Res> {
  return t.app.inject({ method: "GET", url, ...clientParts(client) });
}

export type Account = { name: string; email: string; password: string };

export function newAccount(name = "Test Person"): Account {
  return { name, email: uniqueEmail(), password: "correct horse battery" };
}

/** Signs up (from 127.0.0.1 unless told otherwise) and returns the session token. */
export async function signUp(t: TestApp, account: Account = newAccount(), client?: ClientOptions) {
  const res = await postJson(
    t,
    "/api/auth/signup",
    { ...account, confirmPassword: account.password },
    client,
  );
  expect(res.statusCode, res.body).toBe(201);
  const token = sessionToken(res);
  expect(token).toBeDefined();
  return { account, token: token as string, user: res.json().user };
}

/** Step 1 of sign-in; returns the response. */
export function startSignIn(
  t: TestApp,
  account: Pick<Account, "email" | "password">,
  client?: ClientOptions,
  remember = false,
) {
  return postJson(
    t,
    "/api/auth/login",
    { email: account.email, password: account.password, remember },
    client,
  );
}

/** Both steps with the emailed code; returns the verify response and the session token. */
export async function signIn(
  t: TestApp,
  account: Pick<Account, "email" | "password">,
  client?: ClientOptions,
  remember = false,
) {
  const login = await startSignIn(t, account, client, remember);
  expect(login.statusCode, login.body).toBe(200);
  const { challengeId } = login.json();
  const [mail] = await mailTo(t, account.email);
  const code = codeIn(mail?.text ?? "");
  const res = await postJson(t, "/api/auth/login/verify", { challengeId, code }, client);
  expect(res.statusCode, res.body).toBe(200);
  return { res, token: sessionToken(res) as string, challengeId, code };
}

export async function me(t: TestApp, token: string | undefined) {
  return getJson(t, "/api/auth/me", token === undefined ? {} : { cookie: token });
}
