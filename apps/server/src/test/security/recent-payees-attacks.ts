import { apiPaths, recentPayeesSchema } from "@satsbank/shared";
import { expect } from "vitest";
import { type Attack, attack, call, expectRefused } from "./attack.js";

/**
 * The send form's recent payees (GET /api/wallet/payees/recent) are the signed-in customer's own: the
 * customers they sent to, never anyone else's list, whatever the request names. Alice sent to Bob (the
 * world's first send), so Bob is on her list and never on his own.
 */
export const recentPayeesAttacks: Attack[] = [
  attack({
    name: "a customer asks for another customer's recent payees by naming her",
    attack: async (w) => {
      const queries: Record<string, string>[] = [
        { userId: w.alice.user.id },
        { user_id: w.alice.user.id, username: "alice" },
      ];
      for (const query of queries) {
        const res = await call(w, { url: apiPaths.wallet.recentPayees, query, as: w.bob.token });
        expect(res.statusCode, res.body).toBe(200);
        const { payees } = recentPayeesSchema.parse(res.json());
        expect(payees.map((payee) => payee.username)).not.toContain(w.bob.user.username);
      }
      const hers = await call(w, { url: apiPaths.wallet.recentPayees, as: w.alice.token });
      expect(recentPayeesSchema.parse(hers.json()).payees).toContainEqual({
        username: w.bob.user.username,
        name: "Bob Attacker",
      });
    },
  }),
  attack({
    name: "a member of staff or the signed-out ask for recent payees",
    attack: async (w) => {
      const staff = await call(w, { url: apiPaths.wallet.recentPayees, as: w.staff.token });
      expectRefused(staff, 403, { code: "FORBIDDEN" });
      const anonymous = await call(w, { url: apiPaths.wallet.recentPayees });
      expectRefused(anonymous, 401, { code: "UNAUTHENTICATED" });
    },
  }),
];
