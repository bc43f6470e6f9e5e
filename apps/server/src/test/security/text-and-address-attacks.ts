import { randomUUID } from "node:crypto";
import { apiPaths, externalWalletErrors, sendErrors, textMessages } from "@satsbank/shared";
import { expect } from "vitest";
import { notUtf8Text } from "../../plugins/strict-json.js";
import { getJson } from "../auth-helpers.js";
import { testCustomer } from "../money-helpers.js";
import { type Attack, attack, call, expectRefused } from "./attack.js";
import type { World } from "./world.js";

/**
 * A JSON body as an attacker writes it on the wire: `\ud800` is a valid JSON escape, and the parser makes
 * it an unpaired surrogate, which no UTF-8 text holds (jsonb refuses it; a text column would store U+FFFD).
 */
async function rawJson(w: World, c: { method?: "POST" | "PATCH"; url: string; body: string; as: string }) {
  return call(w, {
    method: c.method ?? "POST",
    url: c.url,
    payload: c.body,
    as: c.as,
    headers: { "content-type": "application/json" },
  });
}

/** A regtest P2WPKH address outside the bank (BIP-173's example program). */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

/** `address` with its case mixed: upper case from the 10th character on (BIP-173: no address at all). */
const mixedCase = (address: string) => `${address.slice(0, 10)}${address.slice(10).toUpperCase()}`;

/**
 * Text a database cannot hold as typed (an unpaired surrogate: a staff message's subject answered 500,
 * its audit entry's jsonb refused it; a name was stored with U+FFFD in its place, as were bytes that are
 * no UTF-8), and a bech32 address in mixed case (read after lower-casing, though BIP-173 makes it
 * invalid). Each is a 400 that says why, and nothing changes.
 */
export const textAndAddressAttacks: Attack[] = [
  attack({
    name: "an unpaired surrogate in a staff message's subject and body (raw JSON \\ud800)",
    attack: async (w) => {
      for (const body of [
        '{"subject":"About your account \\ud800","body":"Your statement is ready."}',
        '{"subject":"About your account","body":"Your statement \\udc00 is ready."}',
      ]) {
        const res = await rawJson(w, {
          url: apiPaths.admin.customerMessages(w.alice.user.id),
          body,
          as: w.staff.token,
        });
        expectRefused(res, 400, { code: "VALIDATION_ERROR" }, body);
        const field = body.includes("account \\ud800") ? "subject" : "body";
        expect(res.json().error.fields, body).toEqual({ [field]: textMessages.unpairedSurrogate });
      }
    },
  }),
  attack({
    name: "an unpaired surrogate in a name, a support request and a send's note",
    before: (w) => testCustomer(w.t, { name: "Surrogate Tester", funds: 100_000n }),
    attack: async (w, customer) => {
      const requests = [
        {
          method: "PATCH" as const,
          url: apiPaths.account.profile,
          body: '{"name":"Ana \\ud83d","phone":""}',
          fields: { name: textMessages.unpairedSurrogate },
        },
        {
          url: apiPaths.support.requests,
          body: '{"subject":"My \\ud800 deposit","message":"Hello,\\nit has not \\udfff arrived."}',
          fields: { subject: textMessages.unpairedSurrogate, message: textMessages.unpairedSurrogate },
        },
        {
          url: apiPaths.wallet.send,
          body: JSON.stringify({
            recipient: w.alice.user.username,
            amountSats: "1000",
            note: "lunch \ud83d",
            idempotencyKey: randomUUID(),
          }),
          fields: { note: textMessages.unpairedSurrogate },
        },
      ];
      for (const { fields, ...request } of requests) {
        const res = await rawJson(w, { ...request, as: customer.token });
        expectRefused(res, 400, { code: "VALIDATION_ERROR" }, request.body);
        expect(res.json().error.fields, request.body).toEqual(fields);
      }
    },
  }),
  attack({
    name: "a name in bytes that are no UTF-8 (a surrogate encoded as ED A0 80): refused, not stored as U+FFFD",
    before: (w) => testCustomer(w.t, { name: "Byte Tester" }),
    attack: async (w, customer) => {
      const res = await call(w, {
        method: "PATCH",
        url: apiPaths.account.profile,
        payload: Buffer.concat([
          Buffer.from('{"name":"Ana '),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('","phone":""}'),
        ]),
        as: customer.token,
        headers: { "content-type": "application/json" },
      });
      expectRefused(res, 400, { code: "BAD_REQUEST", message: notUtf8Text });
    },
  }),
  attack({
    name: "a bech32 recipient in mixed case: an outside address and another customer's deposit address",
    // A well-formed refused quote or send counts toward the customer's limits.
    mayChange: ["rate_limit_counters"],
    before: async (w) => {
      const sender = await testCustomer(w.t, { name: "Mixed Case Sender", funds: 100_000n });
      const receive = await getJson(w.t, apiPaths.wallet.receive, { cookie: w.alice.token });
      return { sender, aliceAddress: receive.json().address as string };
    },
    attack: async (w, { sender, aliceAddress }) => {
      for (const recipient of [mixedCase(OUTSIDE), mixedCase(aliceAddress), `B${OUTSIDE.slice(1)}`]) {
        for (const url of [apiPaths.wallet.quote, apiPaths.wallet.send]) {
          const res = await call(w, {
            url,
            payload: { recipient, amountSats: "10000", idempotencyKey: randomUUID() },
            as: sender.token,
          });
          expectRefused(
            res,
            400,
            {
              code: "VALIDATION_ERROR",
              message: sendErrors.invalidAddress.text,
              fields: { recipient: sendErrors.invalidAddress.text },
            },
            `${url} ${recipient}`,
          );
          expect(res.json().error.reason).toBe("invalidAddress");
        }
      }
    },
  }),
  attack({
    name: "a bech32 address in mixed case to connect a wallet with",
    // A challenge asked for counts toward the customer's limit, refused or not.
    mayChange: ["rate_limit_counters"],
    attack: async (w) => {
      const res = await call(w, {
        url: apiPaths.externalWallets.challenges,
        payload: { provider: "unisat", address: mixedCase(OUTSIDE) },
        as: w.bob.token,
      });
      expectRefused(res, 400, {
        code: "VALIDATION_ERROR",
        fields: { address: externalWalletErrors.invalidAddress },
      });
    },
  }),
];
