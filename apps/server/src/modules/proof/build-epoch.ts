import type { EpochSummary } from "@satsbank/shared";
import { type EpochRoot, fromHex, toHex } from "@satsbank/verify";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { openEveryCustomerAccount } from "../../ledger/accounts.js";
import { freezeLedger, readCustomerBalances } from "../../ledger/snapshot.js";
import { recordAuditEvent } from "../audit/index.js";
import { findHotReserveCoins, findLastBlock } from "../chain/index.js";
import { findVaultCoinsHeld, vaultId } from "../vault/index.js";
import type { ProofContext } from "./context.js";
import { buildFlatTree, type FlatLevel, HASH_BYTES } from "./flat-tree.js";
import { insertEpoch, insertTree, nextEpochNumber } from "./queries.js";
import { coinsShownAt, type SnapshotCoins, storeReservesProof } from "./reserves.js";
import { epochSeconds, toEpochSummary } from "./views.js";

/**
 * Performance marks (node:perf_hooks) of a build's steps, for the benchmark (bench/proof.bench.ts): the
 * snapshot read, the tree built, its leaves and nodes stored. One of each per epoch.
 */
export const BUILD_MARKS = {
  read: "proof:snapshot-read",
  hashed: "proof:tree-built",
  stored: "proof:tree-stored",
} as const;

export const NO_BLOCK_YET =
  "No epoch can be built yet: the chain follower has not read a block (an epoch names its block).";

/**
 * Builds an epoch of the liabilities tree (docs/proof-of-reserves.md): every customer account's balance,
 * zero balances included, the ledger's position and the follower's block, read in ONE repeatable-read
 * snapshot; the leaves shuffled, each with a fresh random salt, padded to a power of two; the tree built,
 * its root signed with the bank's proof key; the root, every leaf and every node above the leaves stored
 * in one db transaction (with the audit record when staff asked for it); then its reserves proof over the
 * coins of the same snapshot (reserves.ts). 409 before the follower's first block.
 */
export async function buildEpoch(ctx: ProofContext, staff?: StaffActor): Promise<EpochSummary> {
  const vault = ctx.reserves?.coldVault ?? null;
  // Every customer is a leaf, those without a transfer yet too (their account opens now, at zero).
  await openEveryCustomerAccount(ctx.db);
  const snapshot = await ctx.db.transaction(
    async (tx) => {
      await freezeLedger(tx);
      return {
        ledger: await readCustomerBalances(tx),
        block: await findLastBlock(tx),
        time: ctx.clock.now(),
        // The coins the books held at the same moment: the reserves proof's, as far as the chain agrees.
        coins: {
          hot: await findHotReserveCoins(tx),
          vault: vault === null ? [] : await findVaultCoinsHeld(tx, vaultId(vault)),
        } satisfies SnapshotCoins,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const { ledger, block, time, coins } = snapshot;
  if (block === undefined) throw new AppError("CONFLICT", NO_BLOCK_YET);
  // The reserves' coins as the chain shows them at the block, asked before any db transaction opens: a
  // backend that does not answer stores nothing (the worker tries again), never an epoch without its proof.
  const shown = ctx.reserves === undefined ? null : await coinsShownAt(ctx.reserves, coins, block.height);

  performance.mark(BUILD_MARKS.read);
  const customers = ledger.accounts;
  const tree = buildFlatTree(customers);
  const depth = tree.levels.length - 1;
  const top = tree.levels[depth] as FlatLevel;
  const rootHash = top.hashes.subarray(0, HASH_BYTES);
  const total = top.sums[0] as bigint;
  performance.mark(BUILD_MARKS.hashed);

  const key = ctx.proofKey();
  const builtAt = ctx.clock.now();
  return inDbTransaction(ctx.db, async (tx) => {
    const epoch = await nextEpochNumber(tx);
    const root: EpochRoot = {
      epoch: BigInt(epoch),
      rootHash,
      total,
      leafCount: BigInt(customers.length),
      ledgerPosition: BigInt(ledger.lastTransferId),
      blockHeight: BigInt(block.height),
      blockHash: fromHex(block.hash, "the block's hash", 32),
      time: BigInt(epochSeconds(time)),
    };
    const row = {
      epoch,
      rootHash: toHex(rootHash),
      total,
      leafCount: customers.length,
      ledgerPosition: BigInt(ledger.lastTransferId),
      blockHeight: block.height,
      blockHash: block.hash,
      time,
      depth,
      publicKey: toHex(key.publicKey),
      signature: toHex(key.signRoot(root)),
      builtAt,
    };
    await insertEpoch(tx, row);
    await insertTree(tx, epoch, tree);
    const reserves =
      shown === null || ctx.reserves === undefined
        ? null
        : await storeReservesProof(tx, ctx, ctx.reserves, row, shown);
    performance.mark(BUILD_MARKS.stored);
    if (staff !== undefined) {
      await recordAuditEvent(tx, {
        staff,
        action: "proof.epoch_built",
        target: { type: "proof_epoch", id: String(epoch) },
        details: { leafCount: customers.length, total: total.toString(), blockHeight: block.height },
        at: builtAt,
      });
    }
    return toEpochSummary(row, reserves?.status ?? null);
  });
}
