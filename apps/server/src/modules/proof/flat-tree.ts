import { createHash, randomBytes, randomInt } from "node:crypto";
import { LEAF_TAG, NODE_TAG, ProofFormatError, paddedSize, SALT_BYTES, U64_MAX } from "@satsbank/verify";

// The liabilities tree as the bank builds it for an epoch (docs/proof-of-reserves.md, "The tree"): the same
// bytes as @satsbank/verify's leafNode and parentNode (proof.test.ts checks every path against the root
// with them), but in flat arrays and hashed with node:crypto, so that a million customers cost a few
// seconds and about 100 MB instead of millions of small objects.

export const HASH_BYTES = 32;

/** One level of the tree, by column: node i's hash is hashes[32i, 32i + 32), its sum sums[i]. */
export type FlatLevel = { hashes: Buffer; sums: BigUint64Array };

/** The leaves in position order (padding leaves: account id 0, balance 0) and every level above them. */
export type FlatTree = {
  accountIds: Float64Array;
  /** The position of each customer's leaf, customers by ascending account id. */
  positions: Uint32Array;
  /** Leaf i's salt is salts[32i, 32i + 32): fresh random bytes for each leaf of each epoch. */
  salts: Buffer;
  /** levels[0] are the leaves' hashes and balances; the last level is the root alone. */
  levels: FlatLevel[];
};

function checkedAmount(value: bigint): bigint {
  if (value < 0n) throw new ProofFormatError(`a negative amount (${value}) cannot be in the tree`);
  if (value > U64_MAX)
    throw new ProofFormatError(`an amount (${value}) above 2^64 - 1 cannot be in the tree`);
  return value;
}

/** A uniformly random order of 0 .. count - 1 (Fisher-Yates with a CSPRNG), drawn anew for each epoch. */
function randomOrder(count: number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  for (let i = count - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const item = order[i] as number;
    order[i] = order[j] as number;
    order[j] = item;
  }
  return order;
}

/** The customers by ascending account id (the snapshot reads them so; sorted here otherwise). */
function ascending<T extends { accountId: number }>(customers: readonly T[]): readonly T[] {
  for (let i = 1; i < customers.length; i++) {
    if ((customers[i] as T).accountId <= (customers[i - 1] as T).accountId) {
      const sorted = customers.slice().sort((a, b) => a.accountId - b.accountId);
      if (sorted.some((customer, j) => j > 0 && customer.accountId === (sorted[j - 1] as T).accountId)) {
        throw new Error("an account is twice in an epoch's customers");
      }
      return sorted;
    }
  }
  return customers;
}

/**
 * The tree of these customers in a random order, padded to a power of two with padding leaves, each leaf
 * salted afresh. `positions` follows the customers by ascending account id.
 */
export function buildFlatTree(given: ReadonlyArray<{ accountId: number; balance: bigint }>): FlatTree {
  const customers = ascending(given);
  const size = paddedSize(customers.length);
  const order = randomOrder(customers.length);
  const positions = new Uint32Array(customers.length);
  const accountIds = new Float64Array(size);
  const salts = randomBytes(size * SALT_BYTES);
  const leaves: FlatLevel = { hashes: Buffer.allocUnsafe(size * HASH_BYTES), sums: new BigUint64Array(size) };
  // SHA-256(LEAF_TAG || salt || u64be(accountId) || u64be(balance)), in one reused buffer.
  const leaf = Buffer.alloc(LEAF_TAG.length + SALT_BYTES + 16);
  leaf.set(LEAF_TAG, 0);
  const idAt = LEAF_TAG.length + SALT_BYTES;
  for (let position = 0; position < customers.length; position++) {
    const customer = order[position] as number;
    const { accountId, balance } = customers[customer] as { accountId: number; balance: bigint };
    accountIds[position] = accountId;
    leaves.sums[position] = checkedAmount(balance);
    positions[customer] = position;
  }
  for (let i = 0; i < size; i++) {
    salts.copy(leaf, LEAF_TAG.length, i * SALT_BYTES, (i + 1) * SALT_BYTES);
    leaf.writeBigUInt64BE(BigInt(accountIds[i] as number), idAt);
    leaf.writeBigUInt64BE(leaves.sums[i] as bigint, idAt + 8);
    createHash("sha256")
      .update(leaf)
      .digest()
      .copy(leaves.hashes, i * HASH_BYTES);
  }
  const levels = [leaves];
  // SHA-256(NODE_TAG || left.hash || right.hash || u64be(left.sum) || u64be(right.sum)); sum = left + right.
  const node = Buffer.alloc(NODE_TAG.length + 2 * HASH_BYTES + 16);
  node.set(NODE_TAG, 0);
  const sumsAt = NODE_TAG.length + 2 * HASH_BYTES;
  for (let below = leaves; below.sums.length > 1; ) {
    const count = below.sums.length / 2;
    const level: FlatLevel = {
      hashes: Buffer.allocUnsafe(count * HASH_BYTES),
      sums: new BigUint64Array(count),
    };
    for (let i = 0; i < count; i++) {
      const left = below.sums[2 * i] as bigint;
      const right = below.sums[2 * i + 1] as bigint;
      const sum = left + right;
      if (sum > U64_MAX) throw new ProofFormatError("a node's sum passes 2^64 - 1");
      below.hashes.copy(node, NODE_TAG.length, 2 * i * HASH_BYTES, (2 * i + 2) * HASH_BYTES);
      node.writeBigUInt64BE(left, sumsAt);
      node.writeBigUInt64BE(right, sumsAt + 8);
      createHash("sha256")
        .update(node)
        .digest()
        .copy(level.hashes, i * HASH_BYTES);
      level.sums[i] = sum;
    }
    levels.push(level);
    below = level;
  }
  return { accountIds, positions, salts, levels };
}
