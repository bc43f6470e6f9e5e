import { apiPaths } from "@satsbank/shared";
import { expect } from "vitest";
import { misdirectedText } from "../../plugins/allowed-hosts.js";
import { testKey } from "../sign-message.js";
import { type Attack, attack, type Call, call, expectRefused } from "./attack.js";
import type { World } from "./world.js";

/**
 * DNS rebinding (issue 20): a page of any site points its own name at 127.0.0.1, so its requests reach a
 * development server from loopback, with `Host` and `Origin` both naming the attacker's site (the world's
 * server is on port 80, where a browser leaves the port out of both; a rebinding service's names too).
 */
const REBOUND: { host: string; origin: string }[] = [
  { host: "attacker.example", origin: "http://attacker.example" },
  { host: "attacker.example:80", origin: "http://attacker.example" },
  { host: "localhost.attacker.example", origin: "http://localhost.attacker.example" },
  { host: "7f000001.1b2c3d4e.rbndr.us", origin: "http://7f000001.1b2c3d4e.rbndr.us" },
];

/** The request from every rebound name, from loopback, as the attacker's page sends it: 421, before any route. */
async function expectMisdirected(w: World, c: Call): Promise<void> {
  for (const { host, origin } of REBOUND) {
    const res = await call(w, {
      ...c,
      remoteAddress: "127.0.0.1",
      headers: { host, origin, "sec-fetch-site": "same-origin", ...c.headers },
    });
    const what = `${c.method ?? "GET"} ${c.url} Host: ${host}`;
    expectRefused(res, 421, { code: "MISDIRECTED_REQUEST", message: misdirectedText }, what);
    // Refused like any other answer: with the security headers and a request id.
    expect(res.headers["content-security-policy"], what).toContain("default-src 'self'");
    expect(res.headers["x-request-id"], what).toEqual(expect.any(String));
  }
}

/**
 * The attack the issue reproduced, step by step, and the other loopback-only tools: each request is
 * refused whatever it carries, and nothing changes (no reset link, no mail, no block, no account).
 */
export const rebindingAttacks: Attack[] = [
  attack({
    name: "a rebound page asks for a reset of alice's password",
    attack: (w) =>
      expectMisdirected(w, { url: apiPaths.auth.resetRequest, payload: { email: w.alice.user.email } }),
  }),
  attack({
    name: "a rebound page reads the dev mailbox (the reset link), as JSON and as the page",
    attack: async (w) => {
      await expectMisdirected(w, { url: apiPaths.dev.mailbox, query: { to: w.alice.user.email } });
      await expectMisdirected(w, { url: "/dev/mailbox" });
    },
  }),
  attack({
    name: "a rebound page signs staff in and reads their emailed code",
    attack: async (w) => {
      const { email, password } = w.staff.account;
      await expectMisdirected(w, { url: apiPaths.auth.login, payload: { email, password, remember: false } });
      await expectMisdirected(w, { url: apiPaths.dev.mailbox, query: { to: email } });
    },
  }),
  attack({
    name: "a rebound page mines and pays on the sandbox chain",
    attack: async (w) => {
      await expectMisdirected(w, { url: apiPaths.dev.sandbox.mine, payload: { blocks: 1 } });
      await expectMisdirected(w, {
        url: apiPaths.dev.sandbox.pay,
        payload: { address: testKey("p2wpkh").address, amountSats: "100000" },
      });
    },
  }),
  attack({
    name: "a rebound page signs up from loopback (which the sign-up limit spares)",
    attack: (w) =>
      expectMisdirected(w, {
        url: apiPaths.auth.signup,
        payload: {
          name: "Rebound Page",
          email: "rebound@example.com",
          password: "correct horse battery staple",
          confirmPassword: "correct horse battery staple",
        },
      }),
  }),
  attack({
    name: "a rebound page reads a signed-in customer's API and the web app",
    attack: async (w) => {
      // A browser sends the bank's cookie only to the bank's name; a stolen one is refused all the same.
      await expectMisdirected(w, { url: apiPaths.wallet.summary, as: w.alice.token });
      await expectMisdirected(w, { url: "/" });
    },
  }),
];
