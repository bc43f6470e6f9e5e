import { randomBytes } from "node:crypto";
import { apiPaths, epochSummarySchema, myLeafSchema } from "@satsbank/shared";
import { toHex } from "@satsbank/verify";
import { expect } from "vitest";
import { chainBlocks } from "../../db/schema/index.js";
import { findCustomerAccountId } from "../../ledger/snapshot.js";
import { BUILD_EPOCH_PATH, NO_SUCH_EPOCH } from "../../modules/proof/index.js";
import { type Attack, attack, call, expectRefused } from "./attack.js";
import type { World } from "./world.js";

/** An epoch of the world's customers (the follower's block made up first when there is none). */
async function anEpoch(w: World): Promise<number> {
  const [block] = await w.t.db.select().from(chainBlocks).limit(1);
  if (block === undefined) {
    await w.t.db.insert(chainBlocks).values({
      height: 500,
      hash: toHex(randomBytes(32)),
      previousHash: toHex(randomBytes(32)),
      processedAt: new Date(),
    });
  }
  const res = await call(w, { url: BUILD_EPOCH_PATH, payload: {}, as: w.staff.token });
  expect(res.statusCode, res.body).toBe(201);
  return epochSummarySchema.parse(res.json()).epoch;
}

/**
 * Proof of reserves: a customer's leaf (salt, balance, path) is theirs alone. The request names only the
 * epoch; whatever else it names (an account id, a user id, a position), the answer is the signed-in
 * customer's own leaf. Epoch numbers that are not numbers reach no query.
 */
export const proofAttacks: Attack[] = [
  attack({
    name: "a customer asks for another customer's leaf by naming her account, user id or position",
    before: anEpoch,
    attack: async (w, epoch) => {
      const hers = await findCustomerAccountId(w.t.db, w.alice.user.id);
      const his = await findCustomerAccountId(w.t.db, w.bob.user.id);
      const queries: Record<string, string>[] = [
        { accountId: String(hers) },
        { userId: w.alice.user.id, account_id: String(hers) },
        { index: "0", position: "0" },
      ];
      for (const query of queries) {
        const res = await call(w, { url: apiPaths.proof.mine(epoch), query, as: w.bob.token });
        expect(res.statusCode, res.body).toBe(200);
        expect(myLeafSchema.parse(res.json()).accountId).toBe(String(his));
      }
      const signedOut = await call(w, {
        url: apiPaths.proof.mine(epoch),
        query: { accountId: String(hers) },
      });
      expectRefused(signedOut, 401, { code: "UNAUTHENTICATED" });
      const staff = await call(w, { url: apiPaths.proof.mine(epoch), as: w.staff.token });
      expectRefused(staff, 403, { code: "FORBIDDEN" });
    },
  }),
  attack({
    name: "epoch numbers that are not numbers: SQL, signs, exponents, hex, past 2^53",
    attack: async (w) => {
      for (const epoch of ["1%20or%201=1", "-1", "1e3", "0x1", "01", "99999999999999999999", "1;drop"]) {
        for (const url of [`/api/proof/${epoch}`, `/api/proof/${epoch}/me`]) {
          expectRefused(
            await call(w, { url, as: w.alice.token }),
            404,
            { code: "NOT_FOUND", message: NO_SUCH_EPOCH },
            url,
          );
        }
      }
    },
  }),
];
