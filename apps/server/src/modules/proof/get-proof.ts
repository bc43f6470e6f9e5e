import type { EpochList, EpochProof, MyLeaf } from "@satsbank/shared";
import { buildLevels, fromHex, leafNode, pathOf, toHex } from "@satsbank/verify";
import { AppError } from "../../domain/app-error.js";
import { findCustomerAccountId } from "../../ledger/snapshot.js";
import type { ProofContext } from "./context.js";
import { findEpoch, findPathRows, LOWEST_STORED_LEVEL } from "./queries.js";
import { findEpochsWithReserves, findReserves } from "./reserves-queries.js";
import { toEpochProof, toEpochSummary } from "./views.js";

export const NO_SUCH_EPOCH = "There is no such epoch.";
export const NO_LEAF = "Your account is not in this epoch: it was built before your account was opened.";

/** An epoch's number from the URL: a positive integer, or not found (like any epoch that does not exist). */
export function epochNumber(text: string): number {
  const epoch = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(epoch)) throw new AppError("NOT_FOUND", NO_SUCH_EPOCH);
  return epoch;
}

export async function listEpochs(ctx: Pick<ProofContext, "db">): Promise<EpochList> {
  const rows = await findEpochsWithReserves(ctx.db);
  return { epochs: rows.map((row) => toEpochSummary(row, row.reserves)) };
}

export async function getEpochProof(ctx: ProofContext, epochText: string): Promise<EpochProof> {
  const row = await findEpoch(ctx.db, epochNumber(epochText));
  if (row === undefined) throw new AppError("NOT_FOUND", NO_SUCH_EPOCH);
  return toEpochProof(row, ctx.brandName, await findReserves(ctx.db, row.epoch));
}

/**
 * The signed-in customer's own leaf in the epoch (found by their ledger account, never by a position
 * they name) and its path: the siblings inside their block of leaves hashed again from the block
 * (@satsbank/verify's leafNode and parentNode), the siblings above it as stored; one read of the epoch.
 */
export async function getMyLeaf(ctx: ProofContext, epochText: string, userId: string): Promise<MyLeaf> {
  const epoch = epochNumber(epochText);
  const accountId = await findCustomerAccountId(ctx.db, userId);
  if (accountId === undefined) {
    if ((await findEpoch(ctx.db, epoch)) === undefined) throw new AppError("NOT_FOUND", NO_SUCH_EPOCH);
    throw new AppError("NOT_FOUND", NO_LEAF);
  }
  const rows = await findPathRows(ctx.db, { epoch, accountId });
  if (rows === undefined) throw new AppError("NOT_FOUND", NO_SUCH_EPOCH);
  const leaf = rows.block.find((row) => row.accountId === accountId);
  if (leaf === undefined) throw new AppError("NOT_FOUND", NO_LEAF);
  const { depth, block, nodes } = rows;
  const blockLevels = Math.min(LOWEST_STORED_LEVEL, depth);
  const first = (leaf.position >> blockLevels) << blockLevels;
  if (block.length !== 2 ** blockLevels || block.some((row, i) => row.position !== first + i)) {
    throw new Error(`epoch ${epoch} lacks leaves of the block at ${first}`);
  }
  const levels = buildLevels(
    block.map((row) =>
      leafNode({
        salt: fromHex(row.salt, "a stored salt", 32),
        accountId: BigInt(row.accountId),
        balance: row.balance,
      }),
    ),
  );
  const path: MyLeaf["path"] = pathOf(levels, leaf.position - first).map((node) => ({
    hash: toHex(node.hash),
    sum: node.sum.toString(),
  }));
  for (let level = blockLevels; level < depth; level++) {
    const position = (leaf.position >> level) ^ 1;
    const found = nodes.find((row) => row.level === level && row.position === position);
    if (found === undefined) throw new Error(`epoch ${epoch} has no node ${level}/${position}`);
    path.push({ hash: found.hash, sum: found.sum.toString() });
  }
  return {
    epoch: String(epoch),
    index: leaf.position,
    salt: leaf.salt,
    accountId: String(leaf.accountId),
    balance: leaf.balance.toString(),
    path,
  };
}
