import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { concat, equalBytes, U64_MAX, u64be } from "./bytes.js";
import {
  buildLevels,
  leafNode,
  NODE_TAG,
  paddedSize,
  parentNode,
  pathOf,
  rootFromPath,
  type SumNode,
} from "./tree.js";

// What a customer's check must catch (issue 23's negative cases for the tree).

const salt = (n: number) => new Uint8Array(32).fill(n);
const balances = [746_000n, 0n, 150_000_000n, 1n, 2_100_000_000_000_000n];
const customers = balances.map((balance, i) =>
  leafNode({ salt: salt(i + 1), accountId: BigInt(i + 1), balance }),
);
const padded = [
  ...customers,
  ...[0xf0, 0xf1, 0xf2].map((n) => leafNode({ salt: salt(n), accountId: 0n, balance: 0n })),
];
const levels = buildLevels(padded);
const root = levels.at(-1)?.[0] as SumNode;
const total = balances.reduce((a, b) => a + b, 0n);

/** Whether a leaf's path still leads to the published root (hash and total). */
function holds(leaf: SumNode, index: number, path: readonly SumNode[]): boolean {
  try {
    const found = rootFromPath(leaf, index, path);
    return equalBytes(found.hash, root.hash) && found.sum === root.sum;
  } catch {
    return false;
  }
}

describe("the liabilities tree", () => {
  it("sums every balance into the root", () => {
    expect(root.sum).toBe(total);
    expect(paddedSize(5)).toBe(8);
    expect(paddedSize(0)).toBe(1);
    expect(paddedSize(1)).toBe(1);
  });

  it("refuses a sum changed anywhere on a path", () => {
    const index = 2;
    const path = pathOf(levels, index);
    expect(holds(padded[index] as SumNode, index, path)).toBe(true);
    for (let level = 0; level < path.length; level++) {
      const changed = path.map((node, k) => (k === level ? { ...node, sum: node.sum - 1n } : node));
      expect(holds(padded[index] as SumNode, index, changed), `level ${level}`).toBe(false);
    }
    // The customer's own balance, changed: their leaf's hash no longer matches.
    const lowered = leafNode({ salt: salt(3), accountId: 3n, balance: 149_999_999n });
    expect(holds(lowered, index, path)).toBe(false);
  });

  it("refuses a parent built from the max of its children's sums (the 2018 attack)", () => {
    // The bank builds the big customer's sibling subtree with max(): it owes less at the root.
    const maxParent = (left: SumNode, right: SumNode): SumNode => ({
      hash: sha256(concat(NODE_TAG, left.hash, right.hash, u64be(left.sum), u64be(right.sum))),
      sum: left.sum > right.sum ? left.sum : right.sum,
    });
    const level1 = [0, 2, 4, 6].map((i) => maxParent(padded[i] as SumNode, padded[i + 1] as SumNode));
    const level2 = [
      maxParent(level1[0] as SumNode, level1[1] as SumNode),
      maxParent(level1[2] as SumNode, level1[3] as SumNode),
    ];
    const cheatRoot = maxParent(level2[0] as SumNode, level2[1] as SumNode);
    expect(cheatRoot.sum).toBeLessThan(total);
    // Customer 1's path in the cheating tree: recomputed with left + right, it cannot reach the cheat root.
    const cheatPath = [padded[1] as SumNode, level1[1] as SumNode, level2[1] as SumNode];
    const found = rootFromPath(padded[0] as SumNode, 0, cheatPath);
    expect(found.sum === cheatRoot.sum && equalBytes(found.hash, cheatRoot.hash)).toBe(false);
  });

  it("refuses a negative or overflowing leaf, and sums that pass 2^64 - 1", () => {
    expect(() => leafNode({ salt: salt(1), accountId: 1n, balance: -1n })).toThrow(/negative amount/);
    expect(() => leafNode({ salt: salt(1), accountId: 1n, balance: U64_MAX + 1n })).toThrow(
      /above 2\^64 - 1/,
    );
    const big = leafNode({ salt: salt(1), accountId: 1n, balance: U64_MAX });
    expect(() => parentNode(big, leafNode({ salt: salt(2), accountId: 2n, balance: 1n }))).toThrow(
      /passes 2\^64 - 1/,
    );
  });

  it("refuses a path for another position, or of another length (another epoch's tree)", () => {
    const path = pathOf(levels, 0);
    expect(holds(padded[0] as SumNode, 1, path)).toBe(false);
    expect(holds(padded[0] as SumNode, 0, path.slice(0, -1))).toBe(false);
    expect(holds(padded[0] as SumNode, 0, [...path, padded[7] as SumNode])).toBe(false);
  });

  it("shows a customer left out of the tree: no path of the published tree leads from their leaf", () => {
    const left = leafNode({ salt: salt(9), accountId: 9n, balance: 500n });
    for (let index = 0; index < 8; index++) expect(holds(left, index, pathOf(levels, index))).toBe(false);
  });

  it("needs a power of two of leaves", () => {
    expect(() => buildLevels(customers)).toThrow(/power of two/);
    expect(() => buildLevels([])).toThrow(/power of two/);
  });
});
