import { sha256 } from "@noble/hashes/sha2.js";
import { concat, ProofFormatError, U64_MAX, u64be, utf8 } from "./bytes.js";

// The liabilities tree: a Merkle-sum tree (docs/proof-of-reserves.md, "The tree"). Every node commits to
// both children's hashes AND both children's sums (Hu, Zhang and Guo, 2018: committing only to a total, or
// to the max of the two, lets a bank shrink what it owes without a customer's path showing it).

export const LEAF_TAG = utf8("satsbank/por/leaf/v1");
export const NODE_TAG = utf8("satsbank/por/node/v1");
/** Every salt is 32 random bytes, fresh for each customer in each epoch. */
export const SALT_BYTES = 32;

/** A node of the tree (a leaf too): its hash and the sum of the balances under it. */
export type SumNode = { hash: Uint8Array; sum: bigint };

/** One customer's leaf: their salt for this epoch, their ledger account id and their balance (satoshis). */
export type Leaf = { salt: Uint8Array; accountId: bigint; balance: bigint };

/** SHA-256(LEAF_TAG || salt || u64be(accountId) || u64be(balance)); the leaf's sum is its balance. */
export function leafNode({ salt, accountId, balance }: Leaf): SumNode {
  if (salt.length !== SALT_BYTES) throw new ProofFormatError(`a leaf's salt must be ${SALT_BYTES} bytes`);
  return { hash: sha256(concat(LEAF_TAG, salt, u64be(accountId), u64be(balance))), sum: balance };
}

/**
 * SHA-256(NODE_TAG || left.hash || right.hash || u64be(left.sum) || u64be(right.sum)); the parent's sum is
 * left.sum + right.sum, refused when it passes 2^64 - 1.
 */
export function parentNode(left: SumNode, right: SumNode): SumNode {
  const sum = left.sum + right.sum;
  if (sum > U64_MAX) throw new ProofFormatError("a node's sum passes 2^64 - 1");
  const hash = sha256(concat(NODE_TAG, left.hash, right.hash, u64be(left.sum), u64be(right.sum)));
  return { hash, sum };
}

/** The number of leaves a tree of `count` customers has: the next power of two (1 at least). */
export function paddedSize(count: number): number {
  let size = 1;
  while (size < count) size *= 2;
  return size;
}

/**
 * Every level of the tree, leaves first, root last (a level of one node). The leaves come already padded
 * to a power of two (padding leaves are leaves of account id 0 and balance 0 with a random salt, so they
 * look like any other): another count is refused.
 */
export function buildLevels(leaves: readonly SumNode[]): SumNode[][] {
  if (leaves.length === 0 || leaves.length !== paddedSize(leaves.length)) {
    throw new ProofFormatError(`a tree has a power of two of leaves, not ${leaves.length}`);
  }
  const levels: SumNode[][] = [leaves.slice()];
  let level = levels[0] as SumNode[];
  while (level.length > 1) {
    const next: SumNode[] = new Array(level.length / 2);
    for (let i = 0; i < next.length; i++) {
      next[i] = parentNode(level[2 * i] as SumNode, level[2 * i + 1] as SumNode);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The siblings of the leaf at `index`, from the leaves' level up to the root's children. */
export function pathOf(levels: readonly (readonly SumNode[])[], index: number): SumNode[] {
  const path: SumNode[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = level[at ^ 1];
    if (sibling === undefined) throw new ProofFormatError(`no leaf ${index} in this tree`);
    path.push(sibling);
    at >>= 1;
  }
  return path;
}

/**
 * The root a leaf's path leads to: at each level the bit of `index` says whether the node so far is the
 * left (0) or the right (1) child. The caller compares it with the signed root (hash and total).
 */
export function rootFromPath(leaf: SumNode, index: number, path: readonly SumNode[]): SumNode {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** path.length) {
    throw new ProofFormatError(`leaf index ${index} does not fit a path of ${path.length} levels`);
  }
  let node = leaf;
  let at = index;
  for (const sibling of path) {
    node = at % 2 === 0 ? parentNode(node, sibling) : parentNode(sibling, node);
    at = Math.floor(at / 2);
  }
  return node;
}
