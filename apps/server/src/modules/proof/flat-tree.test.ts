import {
  buildLevels,
  fromHex,
  leafNode,
  ProofFormatError,
  parentNode,
  type SumNode,
  toHex,
  U64_MAX,
} from "@satsbank/verify";
import { describe, expect, it } from "vitest";
import { buildFlatTree, type FlatTree, HASH_BYTES } from "./flat-tree.js";

// The bank builds an epoch's tree in flat arrays with node:crypto (a million customers in seconds); a
// customer's browser and satsbank-verify check it with @satsbank/verify. Both must give the same bytes.

const hashAt = (tree: FlatTree, level: number, i: number) =>
  toHex(tree.levels[level]?.hashes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES) ?? new Uint8Array());

function levelsByVerify(tree: FlatTree): SumNode[][] {
  const leaves = Array.from(tree.accountIds, (accountId, i) =>
    leafNode({
      salt: tree.salts.subarray(i * 32, (i + 1) * 32),
      accountId: BigInt(accountId),
      balance: tree.levels[0]?.sums[i] as bigint,
    }),
  );
  return buildLevels(leaves);
}

describe("the epoch's tree, built flat", () => {
  it("has every leaf, node and root of @satsbank/verify's tree, padded to a power of two", () => {
    const customers = Array.from({ length: 37 }, (_, i) => ({
      accountId: 1_000 + i * 7,
      balance: i % 5 === 0 ? 0n : BigInt(i) * 123_456_789n,
    }));
    customers.push({ accountId: 9_999, balance: U64_MAX - 10n ** 15n });
    const tree = buildFlatTree(customers);
    expect(tree.accountIds.length).toBe(64);
    expect(Array.from(tree.accountIds.subarray(38))).toEqual(new Array(26).fill(0));
    expect(Array.from(tree.accountIds.subarray(0, 38)).sort((a, b) => a - b)).toEqual(
      customers.map((customer) => customer.accountId),
    );
    const expected = levelsByVerify(tree);
    expect(tree.levels.length).toBe(expected.length);
    expected.forEach((level, depth) => {
      level.forEach((node, i) => {
        expect(hashAt(tree, depth, i)).toBe(toHex(node.hash));
        expect(tree.levels[depth]?.sums[i]).toBe(node.sum);
      });
    });
    const total = customers.reduce((sum, customer) => sum + customer.balance, 0n);
    expect(tree.levels.at(-1)?.sums[0]).toBe(total);
  });

  it("places the customers in a random order and says where each one's leaf is", () => {
    const customers = Array.from({ length: 100 }, (_, i) => ({ accountId: 10 + i, balance: BigInt(i) }));
    const tree = buildFlatTree(customers);
    customers.forEach((customer, i) => {
      expect(tree.accountIds[tree.positions[i] as number]).toBe(customer.accountId);
      expect(tree.levels[0]?.sums[tree.positions[i] as number]).toBe(customer.balance);
    });
    expect(new Set(tree.positions).size).toBe(100);
    const another = buildFlatTree(customers);
    expect(Array.from(another.positions)).not.toEqual(Array.from(tree.positions));
    expect(Array.from(tree.positions)).not.toEqual(customers.map((_, i) => i));
  });

  it("lists the positions by ascending account id whatever order the customers come in", () => {
    const customers = [3, 11, 2, 100, 7].map((accountId) => ({ accountId, balance: BigInt(accountId) }));
    const tree = buildFlatTree(customers);
    expect(Array.from(tree.positions, (position) => tree.accountIds[position])).toEqual([2, 3, 7, 11, 100]);
    expect(() =>
      buildFlatTree([
        { accountId: 6, balance: 1n },
        { accountId: 6, balance: 1n },
      ]),
    ).toThrow("twice");
  });

  it("salts every leaf afresh, padding leaves too", () => {
    const tree = buildFlatTree([
      { accountId: 5, balance: 10n },
      { accountId: 6, balance: 20n },
      { accountId: 7, balance: 0n },
    ]);
    const salts = new Set(
      Array.from({ length: 4 }, (_, i) => toHex(tree.salts.subarray(i * 32, (i + 1) * 32))),
    );
    expect(salts.size).toBe(4);
    expect(toHex(buildFlatTree([{ accountId: 5, balance: 10n }]).salts)).not.toBe(
      toHex(buildFlatTree([{ accountId: 5, balance: 10n }]).salts),
    );
  });

  it("is one leaf alone, its own root, for one customer", () => {
    const tree = buildFlatTree([{ accountId: 42, balance: 746_000n }]);
    expect(tree.levels.length).toBe(1);
    const leaf = leafNode({ salt: tree.salts, accountId: 42n, balance: 746_000n });
    expect(hashAt(tree, 0, 0)).toBe(toHex(leaf.hash));
  });

  it("refuses a negative balance and a sum past 2^64 - 1, as parentNode does", () => {
    expect(() => buildFlatTree([{ accountId: 1, balance: -1n }])).toThrow(ProofFormatError);
    expect(() => buildFlatTree([{ accountId: 1, balance: U64_MAX + 1n }])).toThrow(ProofFormatError);
    const big = { hash: fromHex("00".repeat(32), "hash", 32), sum: U64_MAX };
    expect(() => parentNode(big, { ...big, sum: 1n })).toThrow("passes 2^64 - 1");
    expect(() =>
      buildFlatTree([
        { accountId: 1, balance: U64_MAX },
        { accountId: 2, balance: 1n },
      ]),
    ).toThrow("passes 2^64 - 1");
  });
});
