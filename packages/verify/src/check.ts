import { equalBytes, fromHex, ProofFormatError, toHex } from "./bytes.js";
import type { ReservesFile } from "./reserves.js";
import { type EpochRoot, verifyRootSignature } from "./root.js";
import { leafNode, rootFromPath, type SumNode } from "./tree.js";

// The checks of a published epoch, as `satsbank-verify proof` and a customer's page make them: from the raw
// JSON the bank publishes (GET /api/proof/:epoch and /api/proof/:epoch/me), never the bank's verdict.

/** `GET /api/proof/:epoch`, as far as the checks read it. */
export type EpochFile = {
  bank: { name: string; publicKey: string; keyPath: string };
  root: {
    epoch: string;
    rootHash: string;
    total: string;
    leafCount: string;
    ledgerPosition: string;
    blockHeight: string;
    blockHash: string;
    time: string;
  };
  signature: string;
  depth: number;
  /** The reserves proof (null: the bank published none for this epoch). */
  reserves?: ReservesFile | null;
};

/** `GET /api/proof/:epoch/me`: a customer's leaf and path. */
export type LeafFile = {
  epoch: string;
  index: number;
  salt: string;
  accountId: string;
  balance: string;
  path: { hash: string; sum: string }[];
};

/** One check's outcome, said in words. */
export type Check = { ok: boolean; says: string };

const amount = (text: string, what: string): bigint => {
  if (!/^(0|[1-9]\d*)$/.test(text)) throw new ProofFormatError(`${what} is not a whole number of satoshis`);
  return BigInt(text);
};

/** The epoch file's root as the signature covers it. */
export function epochRootOf(file: EpochFile): EpochRoot {
  const { root } = file;
  return {
    epoch: amount(root.epoch, "the epoch"),
    rootHash: fromHex(root.rootHash, "the root hash", 32),
    total: amount(root.total, "the total"),
    leafCount: amount(root.leafCount, "the leaf count"),
    ledgerPosition: amount(root.ledgerPosition, "the ledger position"),
    blockHeight: amount(root.blockHeight, "the block height"),
    blockHash: fromHex(root.blockHash, "the block hash", 32),
    time: amount(root.time, "the time"),
  };
}

/** The bank's signature on the epoch's root. */
export function checkRootSignature(file: EpochFile): Check {
  try {
    const root = epochRootOf(file);
    const key = fromHex(file.bank.publicKey, "the bank's public key", 32);
    const signature = fromHex(file.signature, "the signature", 64);
    return verifyRootSignature(root, signature, key)
      ? { ok: true, says: `The bank's key ${file.bank.publicKey} signed epoch ${file.root.epoch}` }
      : { ok: false, says: "The bank's signature on this epoch does not verify" };
  } catch (error) {
    return { ok: false, says: `The epoch cannot be read: ${(error as Error).message}` };
  }
}

/**
 * A customer's leaf in the epoch: for this epoch, rebuilt from their salt, account id and balance, and
 * their path leading to the signed root's hash and total.
 */
export function checkLeaf(file: EpochFile, leaf: LeafFile): Check {
  try {
    if (leaf.epoch !== file.root.epoch) {
      return { ok: false, says: `This leaf is of epoch ${leaf.epoch}, not of epoch ${file.root.epoch}` };
    }
    if (leaf.path.length !== file.depth) {
      return {
        ok: false,
        says: `The path has ${leaf.path.length} levels; this epoch's tree has ${file.depth}`,
      };
    }
    const own = leafNode({
      salt: fromHex(leaf.salt, "the salt", 32),
      accountId: amount(leaf.accountId, "the account id"),
      balance: amount(leaf.balance, "the balance"),
    });
    const path: SumNode[] = leaf.path.map((node, level) => ({
      hash: fromHex(node.hash, `the path's hash at level ${level}`, 32),
      sum: amount(node.sum, `the path's sum at level ${level}`),
    }));
    const root = epochRootOf(file);
    const found = rootFromPath(own, leaf.index, path);
    if (!equalBytes(found.hash, root.rootHash)) {
      return { ok: false, says: "The path does not lead to the published root" };
    }
    if (found.sum !== root.total) {
      return {
        ok: false,
        says: `The path sums to ${found.sum} sat, not the published total of ${root.total} sat`,
      };
    }
    return {
      ok: true,
      says: `The balance of ${leaf.balance} sat (account ${leaf.accountId}) is counted in the total of ${file.root.total} sat (root ${toHex(root.rootHash)})`,
    };
  } catch (error) {
    return { ok: false, says: `The leaf cannot be checked: ${(error as Error).message}` };
  }
}
