import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromHex, toHex } from "./bytes.js";
import { commitmentHash, commitmentTxid, reservesMessage } from "./reserves.js";
import { buildLevels, leafNode, pathOf, rootFromPath, type SumNode } from "./tree.js";

// The code keeps to docs/proof-of-reserves.md: its known-answer vectors are read from the document itself,
// so the specification and the code cannot drift apart unnoticed.

type Vectors = {
  leaves: { salt: string; accountId: string; balance: string }[];
  levels: { hash: string; sum: string }[][];
};

function vectorsFromSpec(): Vectors {
  const doc = readFileSync(new URL("../../../docs/proof-of-reserves.md", import.meta.url), "utf8");
  const block = /### Known-answer vectors[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
  if (block === undefined) throw new Error("docs/proof-of-reserves.md has no known-answer vectors");
  return JSON.parse(block) as Vectors;
}

const vectors = vectorsFromSpec();
const leaves = vectors.leaves.map((leaf) =>
  leafNode({
    salt: fromHex(leaf.salt, "salt", 32),
    accountId: BigInt(leaf.accountId),
    balance: BigInt(leaf.balance),
  }),
);
const shown = (level: readonly SumNode[]) =>
  level.map((node) => ({ hash: toHex(node.hash), sum: node.sum.toString() }));

describe("the specification's known-answer vectors", () => {
  it("has five customers padded to eight leaves", () => {
    expect(vectors.leaves).toHaveLength(8);
    expect(vectors.leaves.filter((leaf) => leaf.accountId !== "0")).toHaveLength(5);
  });

  it("gives every leaf, node and root of the document", () => {
    const levels = buildLevels(leaves);
    expect(levels.map(shown)).toEqual(vectors.levels);
  });

  it("leads every leaf's path to the root", () => {
    const levels = buildLevels(leaves);
    const root = levels.at(-1)?.[0] as SumNode;
    for (const [index, leaf] of leaves.entries()) {
      const found = rootFromPath(leaf, index, pathOf(levels, index));
      expect(toHex(found.hash), `leaf ${index}`).toBe(toHex(root.hash));
      expect(found.sum).toBe(root.sum);
    }
  });
});

describe("the reserves proof's commitment vector", () => {
  it("gives the document's commitment and input 0's txid", () => {
    const doc = readFileSync(new URL("../../../docs/proof-of-reserves.md", import.meta.url), "utf8");
    const found =
      /the\s+message `([^`]+)`\s+gives the commitment `([0-9a-f]{64})`[^`]*txid `([0-9a-f]{64})`/.exec(doc);
    if (found === null) throw new Error("docs/proof-of-reserves.md has no commitment vector");
    const [, message = "", commitment, txid] = found;
    expect(message).toBe(reservesMessage("Satsbank", 42n, fromHex(vectorRoot(), "root", 32)));
    expect(toHex(commitmentHash(message))).toBe(commitment);
    expect(commitmentTxid(message)).toBe(txid);
  });
});

function vectorRoot(): string {
  const top = vectors.levels.at(-1)?.[0];
  if (top === undefined) throw new Error("no root in the vectors");
  return top.hash;
}
