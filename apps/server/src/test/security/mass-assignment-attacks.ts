import { apiPaths } from "@satsbank/shared";
import { expect } from "vitest";
import { findUserById } from "../../modules/auth/index.js";
import { newAccount } from "../auth-helpers.js";
import { balanceOf, testCustomer } from "../money-helpers.js";
import { A_SEND, type Attack, attack, call } from "./attack.js";
import type { World } from "./world.js";

/** Fields a body may carry that nobody may set through it: who one is, what one may do, what one has. */
function privileged(w: World): Record<string, unknown> {
  return {
    role: "admin",
    status: "active",
    accountType: "business",
    balance: "2100000000000000",
    balanceSats: "2100000000000000",
    userId: w.alice.user.id,
    id: w.alice.user.id,
    emailVerified: true,
    emailVerifiedAt: "2020-01-01T00:00:00.000Z",
    twoFactorEnabled: true,
    username: "root",
    email: "taken-over@example.com",
    feeSats: "0",
    senderId: w.alice.user.id,
    fromUserId: w.alice.user.id,
  };
}

/** The user row as it is, with nothing a body could have set. */
async function expectPlainCustomer(w: World, userId: string, email: string): Promise<void> {
  const user = await findUserById(w.t.db, userId);
  expect(user).toMatchObject({ role: "customer", accountType: "personal", email, twoFactorEnabled: false });
  expect(user?.id).not.toBe(w.alice.user.id);
  expect(user?.username).not.toBe("root");
}

/** Extra fields are refused (400) or ignored, never applied. */
export const massAssignmentAttacks: Attack[] = [
  attack({
    name: "sign-up with role, status, balance, id and a verified email",
    mayChange: ["users", "sessions", "email_verification_tokens", "mail_outbox"],
    attack: async (w) => {
      const account = newAccount("Mass Assigner");
      const res = await call(w, {
        url: apiPaths.auth.signup,
        payload: { ...privileged(w), ...account, confirmPassword: account.password },
      });
      if (res.statusCode === 400) return;
      expect(res.statusCode, res.body).toBe(201);
      const { user } = res.json();
      expect(user).toMatchObject({ role: "customer", emailVerified: false, email: account.email });
      await expectPlainCustomer(w, user.id, account.email);
      expect((await findUserById(w.t.db, user.id))?.emailVerified).toBe(false);
      const token = res.cookies.find((c) => c.name === "satsbank_session")?.value as string;
      expect(await balanceOf(w.t, token)).toBe(0n);
    },
  }),
  attack({
    name: "Account Details with role, status, email and another's id",
    mayChange: ["users"],
    before: (w) => testCustomer(w.t, { name: "Profile Assigner" }),
    attack: async (w, customer) => {
      const res = await call(w, {
        method: "PATCH",
        url: apiPaths.account.profile,
        payload: { ...privileged(w), status: "inactive", name: "Renamed Assigner", phone: "" },
        as: customer.token,
      });
      if (res.statusCode === 400) return;
      expect(res.statusCode, res.body).toBe(200);
      await expectPlainCustomer(w, customer.user.id, customer.account.email);
      expect((await findUserById(w.t.db, customer.user.id))?.status).toBe("active");
      expect((await findUserById(w.t.db, w.alice.user.id))?.name).toBe("Alice Victim");
    },
  }),
  attack({
    name: "a send naming another sender, a fee and a status",
    mayChange: A_SEND,
    attack: async (w) => {
      const alice = await balanceOf(w.t, w.alice.token);
      const bob = await balanceOf(w.t, w.bob.token);
      const res = await call(w, {
        url: apiPaths.wallet.send,
        payload: {
          ...privileged(w),
          status: "failed",
          recipient: w.alice.user.username,
          amountSats: "7",
          idempotencyKey: crypto.randomUUID(),
        },
        as: w.bob.token,
      });
      if (res.statusCode === 400) {
        expect(await balanceOf(w.t, w.bob.token)).toBe(bob);
        return;
      }
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().transaction).toMatchObject({ status: "completed", feeSats: "0", amountSats: "7" });
      // Bob paid alice: the body's sender was not believed.
      expect(await balanceOf(w.t, w.bob.token)).toBe(bob - 7n);
      expect(await balanceOf(w.t, w.alice.token)).toBe(alice + 7n);
    },
  }),
  attack({
    name: "a support request with a status, another's email and id",
    mayChange: ["support_requests", "mail_outbox", "rate_limit_counters"],
    attack: async (w) => {
      const res = await call(w, {
        url: apiPaths.support.requests,
        payload: { ...privileged(w), status: "closed", subject: "Assigned", message: "Mass assignment here" },
        as: w.bob.token,
      });
      if (res.statusCode === 400) return;
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().request).toMatchObject({ status: "open", email: w.bob.account.email });
      expect(res.json().request.id).not.toBe(w.alice.user.id);
    },
  }),
  attack({
    name: "Notification Settings naming another customer",
    mayChange: ["notification_settings"],
    // An attacker of its own: the settings it changes would make notifications in later rows.
    before: (w) => testCustomer(w.t, { name: "Settings Assigner", verified: false }),
    attack: async (w, attacker) => {
      const settings = apiPaths.notifications.settings;
      const hers = (await call(w, { url: settings, as: w.alice.token })).json();
      const res = await call(w, {
        method: "PATCH",
        url: settings,
        payload: { userId: w.alice.user.id, transactionAlerts: !hers.transactionAlerts },
        as: attacker.token,
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect((await call(w, { url: settings, as: w.alice.token })).json()).toEqual(hers);
    },
  }),
];
