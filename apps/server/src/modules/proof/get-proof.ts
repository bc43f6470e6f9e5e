import type { EpochList, EpochProof, MyLeaf } from "@satsbank/shared";
import { fromHex, leafNode, toHex } from "@satsbank/verify";
import { AppError } from "../../domain/app-error.js";
import { findCustomerAccountId } from "../../ledger/snapshot.js";
import type { ProofContext } from "./context.js";
import { findEpoch, findEpochs, findLeafAt, findLeafOf, findNodes } from "./queries.js";
import { toEpochProof, toEpochSummary } from "./views.js";

export const NO_SUCH_EPOCH = "There is no such epoch.";
export const NO_LEAF =
  "Your account is not in this epoch: it was built before your account's first transaction.";

/** An epoch's number from the URL: a positive integer, or not found (like any epoch that does not exist). */
function epochNumber(text: string): number {
  const epoch = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(epoch)) throw new AppError("NOT_FOUND", NO_SUCH_EPOCH);
  return epoch;
}

export async function listEpochs(ctx: Pick<ProofContext, "db">): Promise<EpochList> {
  return { epochs: (await findEpochs(ctx.db)).map(toEpochSummary) };
}

export async function getEpochProof(ctx: ProofContext, epochText: string): Promise<EpochProof> {
  const row = await findEpoch(ctx.db, epochNumber(epochText));
  if (row === undefined) throw new AppError("NOT_FOUND", NO_SUCH_EPOCH);
  return toEpochProof(row, ctx.brandName);
}

/**
 * The signed-in customer's own leaf in the epoch (found by their ledger account, never by a position
 * they name) and its path: the sibling leaf, then the siblings above it, in three indexed reads.
 */
export async function getMyLeaf(ctx: ProofContext, epochText: string, userId: string): Promise<MyLeaf> {
  const epoch = await findEpoch(ctx.db, epochNumber(epochText));
  if (epoch === undefined) throw new AppError("NOT_FOUND", NO_SUCH_EPOCH);
  const accountId = await findCustomerAccountId(ctx.db, userId);
  const leaf = accountId === undefined ? undefined : await findLeafOf(ctx.db, epoch.epoch, accountId);
  if (leaf === undefined) throw new AppError("NOT_FOUND", NO_LEAF);
  const path: MyLeaf["path"] = [];
  if (epoch.depth > 0) {
    const sibling = await findLeafAt(ctx.db, epoch.epoch, leaf.position ^ 1);
    if (sibling === undefined) throw new Error(`epoch ${epoch.epoch} has no leaf ${leaf.position ^ 1}`);
    const node = leafNode({
      salt: fromHex(sibling.salt, "a stored salt", 32),
      accountId: BigInt(sibling.accountId),
      balance: sibling.balance,
    });
    path.push({ hash: toHex(node.hash), sum: node.sum.toString() });
    const wanted = [];
    for (let level = 1; level < epoch.depth; level++) {
      wanted.push({ level, position: Math.floor(leaf.position / 2 ** level) ^ 1 });
    }
    const nodes = await findNodes(ctx.db, epoch.epoch, wanted);
    for (const { level, position } of wanted) {
      const found = nodes.find((row) => row.level === level && row.position === position);
      if (found === undefined) throw new Error(`epoch ${epoch.epoch} has no node ${level}/${position}`);
      path.push({ hash: found.hash, sum: found.sum.toString() });
    }
  }
  return {
    epoch: String(epoch.epoch),
    index: leaf.position,
    salt: leaf.salt,
    accountId: String(leaf.accountId),
    balance: leaf.balance.toString(),
    path,
  };
}
