import { randomUUID } from "node:crypto";
import { apiPaths, type PasskeyRequired, passkeyMessages } from "@satsbank/shared";
import { expect } from "vitest";
import { relyingPartyOf } from "../../modules/passkeys/index.js";
import { enrolPasskey } from "../../modules/passkeys/test/enrol-passkey.js";
import type { SoftAuthenticator } from "../../modules/passkeys/test/soft-authenticator.js";
import { type TestCustomer, testCustomer } from "../money-helpers.js";
import { testConfig } from "../test-config.js";
import { type Attack, attack, call, expectRefused } from "./attack.js";
import type { World } from "./world.js";

// Issue 22: a stolen session (or a phished password and code) cannot send a passkey holder's bitcoin to an
// address outside the bank: the withdrawal needs the holder's passkey over exactly that withdrawal.

const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
const rp = relyingPartyOf(testConfig());
/** A refused send still counts toward the sender's send limit; a 403 issues its challenge. */
const ASKED = ["rate_limit_counters", "passkey_challenges"] as const;

type Holder = TestCustomer & { authenticator: SoftAuthenticator };

async function holder(w: World, name: string): Promise<Holder> {
  const customer = await testCustomer(w.t, { name, funds: 200_000n });
  const { authenticator } = await enrolPasskey(w.t.db, { userId: customer.user.id, rp, now: new Date() });
  return { ...customer, authenticator };
}

const withdrawal = (amountSats = "20000") => ({
  recipient: OUTSIDE,
  amountSats,
  idempotencyKey: randomUUID(),
});

/** The 403 a withdrawal without an approval gets, and its challenge. */
async function challengeOf(w: World, who: Holder, body: object): Promise<PasskeyRequired> {
  const res = await call(w, { url: apiPaths.wallet.send, payload: body, as: who.token });
  expectRefused(res, 403, { code: "PASSKEY_REQUIRED", message: passkeyMessages.approvalRequired });
  return res.json().error.passkey;
}

export const passkeyApprovalAttacks: Attack[] = [
  attack({
    name: "a stolen session withdraws a passkey holder's balance without the passkey",
    mayChange: ASKED,
    before: (w) => holder(w, "Stolen Session"),
    attack: async (w, victim) => {
      await challengeOf(w, victim, withdrawal("199000"));
    },
  }),
  attack({
    name: "an approval of a small withdrawal, sent with a larger amount or another address",
    mayChange: ["rate_limit_counters"],
    before: async (w) => {
      const victim = await holder(w, "Small Approver");
      const body = withdrawal("1000");
      const required = await challengeOf(w, victim, body);
      return {
        victim,
        body,
        approval: {
          challengeId: required.challengeId,
          response: victim.authenticator.assert(required.options),
        },
      };
    },
    attack: async (w, { victim, body, approval }) => {
      for (const changed of [
        { amountSats: "199000" },
        { recipient: "bcrt1qq6hag67dl53wl99vzg42z8eyzfz2xlkvwk6f7m" },
      ]) {
        const res = await call(w, {
          url: apiPaths.wallet.send,
          payload: { ...body, ...changed, approval },
          as: victim.token,
        });
        expectRefused(res, 400, { code: "BAD_REQUEST", message: passkeyMessages.approvalChanged });
      }
    },
  }),
  attack({
    name: "the attacker signs the victim's withdrawal with a passkey of their own",
    mayChange: ASKED,
    before: async (w) => ({
      victim: await holder(w, "Victim Holder"),
      attacker: await holder(w, "Attacker Holder"),
    }),
    attack: async (w, { victim, attacker }) => {
      const body = withdrawal();
      const required = await challengeOf(w, victim, body);
      const approval = {
        challengeId: required.challengeId,
        response: attacker.authenticator.assert(required.options),
      };
      const res = await call(w, {
        url: apiPaths.wallet.send,
        payload: { ...body, approval },
        as: victim.token,
      });
      expectRefused(res, 400, { code: "BAD_REQUEST", message: passkeyMessages.notVerified });
    },
  }),
  attack({
    name: "an approval replayed for a second withdrawal",
    mayChange: ["rate_limit_counters"],
    before: async (w) => {
      const victim = await holder(w, "Replayed Approver");
      const body = withdrawal("1000");
      const required = await challengeOf(w, victim, body);
      const approval = {
        challengeId: required.challengeId,
        response: victim.authenticator.assert(required.options),
      };
      const sent = await call(w, {
        url: apiPaths.wallet.send,
        payload: { ...body, approval },
        as: victim.token,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      return { victim, body, approval };
    },
    attack: async (w, { victim, body, approval }) => {
      const res = await call(w, {
        url: apiPaths.wallet.send,
        payload: { ...body, idempotencyKey: randomUUID(), approval },
        as: victim.token,
      });
      expectRefused(res, 409, { code: "CONFLICT", message: passkeyMessages.approvalReused });
    },
  }),
];
