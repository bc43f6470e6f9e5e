import { apiPaths, sendErrors } from "@satsbank/shared";
import { expect } from "vitest";
import { testCustomer } from "../money-helpers.js";
import { type Attack, attack, call, expectRefused } from "./attack.js";

/**
 * The send form's recipient look-up (POST /api/wallet/send/recipient) tells whom a username or address
 * names: only a customer who may send (as a quote does) may ask it. Refused, it moves nothing; only the
 * rate-limit counter of the customer who asked counts the attempt.
 */
export const recipientLookUpAttacks: Attack[] = [
  attack({
    name: "an unverified customer asks whom a username names",
    mayChange: ["rate_limit_counters"],
    before: (w) => testCustomer(w.t, { name: "Curious Newcomer", verified: false }),
    attack: async (w, newcomer) => {
      const res = await call(w, {
        url: apiPaths.wallet.recipient,
        payload: { recipient: w.alice.user.username },
        as: newcomer.token,
      });
      expectRefused(res, 403, { code: "FORBIDDEN", message: sendErrors.notVerified.text });
      expect(res.body).not.toContain("Alice Victim");
    },
  }),
  attack({
    name: "a member of staff or the signed-out ask whom a username names",
    attack: async (w) => {
      const payload = { recipient: w.alice.user.username };
      const staff = await call(w, { url: apiPaths.wallet.recipient, payload, as: w.staff.token });
      expectRefused(staff, 403, { code: "FORBIDDEN" });
      const anonymous = await call(w, { url: apiPaths.wallet.recipient, payload });
      expectRefused(anonymous, 401, { code: "UNAUTHENTICATED" });
      for (const res of [staff, anonymous]) expect(res.body).not.toContain("Alice Victim");
    },
  }),
];
