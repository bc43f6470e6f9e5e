import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ADVISORY_LOCKS } from "../db/advisory-lock.js";
import { codeIn, mailTo, SESSION_COOKIE, uniqueEmail } from "../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { expectBooksBalanced } from "../test/money-helpers.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";

// The scale-out shape of docs/OPERATIONS.md, as real processes: two API processes (SERVER_ROLE=api) and one
// worker (SERVER_ROLE=worker) on one PostgreSQL database of the test's own. A session made by one API
// works on the other and ends on both; a rate limit counts hits from both; only the worker follows the
// chain, and a deposit paid through one API is credited once and shows on both. PostgreSQL only: PGlite
// serves one process. (The worker's takeover after `kill -9` is worker-takeover.soak.test.ts.)
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const LEADS = "This process now follows the chain";
const PASSWORD = "correct horse battery";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Answer = { status: number; body: Record<string, unknown>; setCookie: string | null };

async function call(
  server: ServerProcess,
  method: "GET" | "POST",
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token === undefined ? {} : { cookie: `${SESSION_COOKIE}=${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>),
    setCookie: res.headers.get("set-cookie"),
  };
}

/** The session token a response sets. */
function tokenOf(answer: Answer): string {
  const token = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(answer.setCookie ?? "")?.[1];
  if (token === undefined) throw new Error(`no session cookie in ${JSON.stringify(answer)}`);
  return token;
}

describe("two API processes and one worker on one PostgreSQL", () => {
  it.skipIf(!onPostgres)(
    "(PostgreSQL only) sessions and rate limits hold across both APIs; only the worker follows the chain",
    async () => {
      const t: TestApp = await createTestApp();
      cleanups.push(() => t.close());
      if (t.handle.kind !== "postgres") throw new Error("expected PostgreSQL");
      const dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-scale-out-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const shared = {
        DATABASE_URL: String(t.handle.pool.options.connectionString),
        DATA_DIR: dataDir,
        CHAIN_BACKEND: "sandbox",
        SANDBOX_BLOCK_SECONDS: "0",
        CHAIN_POLL_SECONDS: "1",
      };
      // The worker first: it makes the sandbox's first blocks; then both APIs, side by side.
      const worker = await startServerProcess({ ...shared, SERVER_ROLE: "worker" });
      cleanups.push(() => worker.kill("SIGKILL"));
      const [a, b] = await Promise.all([
        startServerProcess({ ...shared, SERVER_ROLE: "api" }),
        startServerProcess({ ...shared, SERVER_ROLE: "api" }),
      ]);
      cleanups.push(
        () => a.kill("SIGKILL"),
        () => b.kill("SIGKILL"),
      );

      // Sign-up on A; sign-in started on B and finished on A with the mailed code; the session then
      // works on both, and signing out on B ends it on A at once.
      const email = uniqueEmail("scale-out");
      const signUp = await call(a, "POST", apiPaths.auth.signup, {
        body: { name: "Scale Out", email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
      const login = await call(b, "POST", apiPaths.auth.login, {
        body: { email, password: PASSWORD, remember: false },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const [mail] = (await mailTo(t, email)).filter((message) => /\b\d{6}\b/.test(message.text));
      const verify = await call(a, "POST", apiPaths.auth.verify, {
        body: { challengeId: login.body.challengeId, code: codeIn(mail?.text ?? "") },
      });
      expect(verify.status, JSON.stringify(verify.body)).toBe(200);
      const token = tokenOf(verify);
      for (const server of [a, b]) {
        const me = await call(server, "GET", apiPaths.auth.me, { token });
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ user: { email } });
      }

      // A deposit paid through B's sandbox faucet, mined through A: the worker credits it once, and
      // both APIs show the same balance.
      const receive = await call(a, "GET", apiPaths.wallet.receive, { token });
      expect(receive.status).toBe(200);
      const pay = await call(b, "POST", apiPaths.dev.sandbox.pay, {
        body: { address: receive.body.address, amountSats: "150000" },
      });
      expect(pay.status, JSON.stringify(pay.body)).toBe(200);
      expect((await call(a, "POST", apiPaths.dev.sandbox.mine, { body: { blocks: 1 } })).status).toBe(200);
      const balanceOn = async (server: ServerProcess) =>
        (await call(server, "GET", apiPaths.wallet.summary, { token })).body.balanceSats;
      await expect.poll(() => balanceOn(a), { timeout: 20_000 }).toBe("150000");
      expect(await balanceOn(b)).toBe("150000");
      const credits = await t.db.execute<{ n: string }>(
        sql`select count(*)::text as n from wallet_transactions where txid = ${String(pay.body.txid)}`,
      );
      expect(credits.rows[0]?.n).toBe("1");

      // Only the worker holds the chain follower's advisory lock; the APIs never try.
      const holders = await t.db.execute<{ n: string }>(
        sql`select count(*)::text as n from pg_locks where locktype = 'advisory' and granted
            and objid = ${Number(ADVISORY_LOCKS.chainFollower)}
            and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(holders.rows[0]?.n).toBe("1");
      expect(worker.output()).toContain(LEADS);
      expect(a.output()).not.toContain(LEADS);
      expect(b.output()).not.toContain(LEADS);

      // A JSON body, as the app sends it: a state-changing request without one is refused (CSRF).
      const logout = await call(b, "POST", apiPaths.auth.logout, { token, body: {} });
      expect(logout.status).toBe(204);
      expect((await call(a, "GET", apiPaths.auth.me, { token })).status).toBe(401);

      // Wrong passwords alternate between the APIs: the account's limit (5 failures) counts them all, so
      // the sixth attempt is refused on either process, even with the right password.
      for (const server of [a, b, a, b, a]) {
        const wrong = await call(server, "POST", apiPaths.auth.login, {
          body: { email, password: "wrong password!", remember: false },
        });
        expect(wrong.status).toBe(401);
      }
      for (const server of [b, a]) {
        const refused = await call(server, "POST", apiPaths.auth.login, {
          body: { email, password: PASSWORD, remember: false },
        });
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
      }

      await expectBooksBalanced(t.db);
    },
    120_000,
  );
});
