import { fromHex, leafNode, rootFromPath, toHex } from "@satsbank/verify";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { deriveProofKey } from "../../bitcoin/proof-key.js";
import { chainBlocks } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { openCustomerAccounts } from "../../ledger/accounts.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fundFromEquity } from "../../test/fund-from-equity.js";
import { TEST_WALLET_MNEMONIC } from "../../test/test-config.js";
import { buildEpoch } from "./build-epoch.js";
import { getEpochProof, getMyLeaf, NO_LEAF } from "./get-proof.js";
import { LOWEST_STORED_LEVEL } from "./queries.js";

// An epoch deeper than the levels a path's read hashes again (LOWEST_STORED_LEVEL): 70 customers make a
// tree of 128 leaves (depth 7), so every path is half rebuilt from its block of 16 leaves and half read
// from the stored nodes; every one of them must lead to the signed root.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const CUSTOMERS = 70;

async function customers(): Promise<string[]> {
  const rows = await t.db.execute<{ id: string }>(sql`
    insert into users (email, username, name, password_hash)
    select 'deep-' || i || '@example.com', 'deep' || i, 'Deep Customer ' || i, 'not-a-hash'
      from generate_series(1, ${CUSTOMERS}) as i
    returning id`);
  const ids = rows.rows.map((row) => row.id);
  await openCustomerAccounts(t.db, ids);
  const ctx = { db: t.db, clock: systemClock };
  for (const [i, userId] of ids.slice(0, 20).entries()) {
    await fundFromEquity({ ctx, userId, amount: sats(BigInt(1_000 * (i + 1))), idempotencyKey: `deep:${i}` });
  }
  return ids;
}

describe("an epoch deeper than a path's block", () => {
  it("gives every customer a path to the signed root, from their block and the stored nodes", async () => {
    await t.db.insert(chainBlocks).values({
      height: 7,
      hash: "ab".repeat(32),
      previousHash: "cd".repeat(32),
      processedAt: new Date(),
    });
    const ids = await customers();
    const ctx = {
      db: t.db,
      clock: systemClock,
      brandName: "Satsbank",
      proofKey: () => deriveProofKey(TEST_WALLET_MNEMONIC),
    };
    const built = await buildEpoch(ctx);
    expect(built).toMatchObject({ leafCount: CUSTOMERS, total: String(1_000 * ((20 * 21) / 2)) });
    const { root, depth } = await getEpochProof(ctx, String(built.epoch));
    expect(depth).toBe(7);

    // Stored: every leaf, and the nodes from LOWEST_STORED_LEVEL up (8 + 4 + 2 + 1 of them).
    const stored = await t.db.execute<{ leaves: number; nodes: number; lowest: number }>(sql`
      select (select count(*)::int from proof_leaves where epoch = ${built.epoch}) as leaves,
             (select count(*)::int from proof_nodes where epoch = ${built.epoch}) as nodes,
             (select min(level) from proof_nodes where epoch = ${built.epoch}) as lowest`);
    expect(stored.rows[0]).toEqual({ leaves: 128, nodes: 15, lowest: LOWEST_STORED_LEVEL });

    const indexes = new Set<number>();
    for (const userId of ids) {
      const mine = await getMyLeaf(ctx, String(built.epoch), userId);
      expect(mine.path).toHaveLength(7);
      indexes.add(mine.index);
      const leaf = leafNode({
        salt: fromHex(mine.salt, "salt", 32),
        accountId: BigInt(mine.accountId),
        balance: BigInt(mine.balance),
      });
      const top = rootFromPath(
        leaf,
        mine.index,
        mine.path.map((step) => ({ hash: fromHex(step.hash, "hash", 32), sum: BigInt(step.sum) })),
      );
      expect(toHex(top.hash)).toBe(root.rootHash);
      expect(top.sum.toString()).toBe(root.total);
    }
    expect(indexes.size).toBe(CUSTOMERS);

    // An account opened after the build has no leaf in it, and is told so.
    const later = await t.db.execute<{ id: string }>(sql`
      insert into users (email, username, name, password_hash)
      values ('deep-later@example.com', 'deeplater', 'Deep Later', 'not-a-hash') returning id`);
    const laterId = later.rows[0]?.id as string;
    await openCustomerAccounts(t.db, [laterId]);
    await expect(getMyLeaf(ctx, String(built.epoch), laterId)).rejects.toThrow(NO_LEAF);
  });
});
