import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schnorr } from "@noble/curves/secp256k1.js";
import { describe, expect, it } from "vitest";
import { fromHex, toHex } from "./bytes.js";
import type { EpochFile, LeafFile } from "./check.js";
import { run } from "./cli.js";
import { checkReceipt, type ReceiptFile, receiptFactsOf, receiptMessage, signReceipt } from "./receipt.js";
import { signRoot } from "./root.js";
import { buildLevels, leafNode, pathOf, type SumNode } from "./tree.js";

// A customer's receipt: the documented message and signature, and `satsbank-verify receipt` against an
// epoch's leaf (docs/proof-of-reserves.md, "Receipts").

type Vector = { privateKey: string; auxRand: string; file: ReceiptFile; message: string };

function vectorFromSpec(): Vector {
  const doc = readFileSync(new URL("../../../docs/proof-of-reserves.md", import.meta.url), "utf8");
  const block = /### The receipt's known-answer vector[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
  if (block === undefined) throw new Error("docs/proof-of-reserves.md has no receipt vector");
  return JSON.parse(block) as Vector;
}

const vector = vectorFromSpec();
const bankKey = fromHex(vector.privateKey, "key", 32);
const otherKey = new Uint8Array(32).fill(8);

/** A receipt of account 3, signed with `key` (the bank's unless said), after `changes` to its facts. */
function receiptFile(changes: Partial<ReceiptFile["receipt"]> = {}, key = bankKey): ReceiptFile {
  const receipt = { ...vector.file.receipt, ...changes };
  const file = { ...vector.file, receipt };
  return { ...file, signature: toHex(signReceipt(receiptFactsOf(file), key)) };
}

describe("the receipt's known-answer vector", () => {
  it("gives the documented message and signature, and the signature verifies", () => {
    const facts = receiptFactsOf(vector.file);
    expect(toHex(receiptMessage(facts))).toBe(vector.message);
    const aux = fromHex(vector.auxRand, "aux", 32);
    expect(toHex(schnorr.sign(receiptMessage(facts), bankKey, aux))).toBe(vector.file.signature);
    expect(toHex(schnorr.getPublicKey(bankKey))).toBe(vector.file.bank.publicKey);
    expect(checkReceipt(vector.file).ok).toBe(true);
  });
});

describe("checkReceipt", () => {
  it("holds for the bank's signature and says what was signed", () => {
    expect(checkReceipt(receiptFile())).toEqual({
      ok: true,
      says: `The key ${vector.file.bank.publicKey} signed the receipt of transaction 5f0c6a3e-8d2b-4c71-9a4e-3b1d2f6e7a80: send -250000 sat, fee 1000 sat, balance after 149749000 sat at ledger position 1230`,
    });
  });

  it("fails for a changed amount, direction, balance or position, and for another key", () => {
    const signed = receiptFile();
    for (const change of [
      { amount: "-250001" },
      { amount: "250000" },
      { balanceAfter: "149749001" },
      { ledgerPosition: "1231" },
      { type: "receive" },
    ]) {
      const tampered = { ...signed, receipt: { ...signed.receipt, ...change } };
      expect(checkReceipt(tampered), JSON.stringify(change)).toEqual({
        ok: false,
        says: "The signature on this receipt does not verify",
      });
    }
    expect(checkReceipt(receiptFile({}, otherKey)).ok).toBe(false);
    expect(checkReceipt({ ...signed, receipt: { ...signed.receipt, amount: "-0" } }).says).toBe(
      "The receipt cannot be read: the amount is not a whole number of satoshis",
    );
  });
});

// An epoch of five customers; the receipt's customer is account 3 (leaf index 2).
const salt = (n: number) => new Uint8Array(32).fill(n);
function epochWith(balance3: bigint, ledgerPosition: bigint): { epoch: EpochFile; leaf: LeafFile } {
  const balances = [746_000n, 0n, balance3, 1n, 2_100_000_000_000_000n];
  const leaves = [
    ...balances.map((balance, i) => leafNode({ salt: salt(i + 1), accountId: BigInt(i + 1), balance })),
    ...[0xf0, 0xf1, 0xf2].map((n) => leafNode({ salt: salt(n), accountId: 0n, balance: 0n })),
  ];
  const levels = buildLevels(leaves);
  const top = levels.at(-1)?.[0] as SumNode;
  const blockHash = new Uint8Array(32).fill(0x0f);
  const root = {
    epoch: 42n,
    rootHash: top.hash,
    total: top.sum,
    leafCount: 5n,
    ledgerPosition,
    blockHeight: 900n,
    blockHash,
    time: 1_795_100_000n,
  };
  const epoch: EpochFile = {
    bank: vector.file.bank,
    root: {
      epoch: "42",
      rootHash: toHex(top.hash),
      total: top.sum.toString(),
      leafCount: "5",
      ledgerPosition: ledgerPosition.toString(),
      blockHeight: "900",
      blockHash: toHex(blockHash),
      time: "1795100000",
    },
    signature: toHex(signRoot(root, bankKey)),
    depth: 3,
  };
  const leaf: LeafFile = {
    epoch: "42",
    index: 2,
    salt: toHex(salt(3)),
    accountId: "3",
    balance: balance3.toString(),
    path: pathOf(levels, 2).map((node) => ({ hash: toHex(node.hash), sum: node.sum.toString() })),
  };
  return { epoch, leaf };
}

const dir = mkdtempSync(join(tmpdir(), "satsbank-receipt-"));
let written = 0;
function file(content: unknown): string {
  const path = join(dir, `${++written}.json`);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

describe("satsbank-verify receipt", () => {
  it("alone checks the signature and says the key was not compared with the bank's", async () => {
    const { code, lines } = await run(["receipt", file(receiptFile())]);
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^ok {4}The key [0-9a-f]{64} signed the receipt of transaction /);
    expect(lines).toContain("not checked: that the receipt's key is the bank's (no --epoch given)");
  });

  it("fails a tampered amount, and a key that is not the epoch's", async () => {
    const signed = receiptFile();
    const tampered = { ...signed, receipt: { ...signed.receipt, amount: "-25000" } };
    const changed = await run(["receipt", file(tampered)]);
    expect(changed.code).toBe(1);
    expect(changed.lines).toContain("FAIL  The signature on this receipt does not verify");

    const other = receiptFile({}, otherKey);
    other.bank = { ...other.bank, publicKey: toHex(schnorr.getPublicKey(otherKey)) };
    const { epoch } = epochWith(149_749_000n, 1230n);
    const foreign = await run(["receipt", file(other), "--epoch", file(epoch)]);
    expect(foreign.code).toBe(1);
    expect(foreign.lines[0]).toMatch(/^ok /); // signed by the key it names...
    expect(foreign.lines).toContain(
      `FAIL  The receipt is signed by the key ${other.bank.publicKey}, not the bank's key ${vector.file.bank.publicKey} of epoch 42`,
    );
  });

  it("passes when a later epoch counts the balance the receipt signed", async () => {
    const { epoch, leaf } = epochWith(149_749_000n, 1300n);
    const { code, lines } = await run([
      "receipt",
      file(receiptFile()),
      "--epoch",
      file(epoch),
      "--leaf",
      file(leaf),
    ]);
    expect(lines).toContain(
      "ok    Epoch 42 counts 149749000 sat for account 3, as the receipt signed after ledger position 1230",
    );
    expect(code).toBe(0);
  });

  it("fails, naming the receipt as the customer's evidence, when the epoch counts another balance", async () => {
    const { epoch, leaf } = epochWith(149_000_000n, 1230n);
    const { code, lines } = await run([
      "receipt",
      file(receiptFile()),
      "--epoch",
      file(epoch),
      "--leaf",
      file(leaf),
    ]);
    expect(code).toBe(1);
    expect(lines).toContain(
      "FAIL  Epoch 42 counts 149000000 sat for account 3 where the receipt signed 149749000 sat after ledger position 1230. Unless you made a transaction after it (or a withdrawal of yours was given back), this signed receipt is your evidence.",
    );
  });

  it("does not compare with an epoch before the receipt, and says so", async () => {
    const { epoch, leaf } = epochWith(149_000_000n, 1229n);
    const { code, lines } = await run([
      "receipt",
      file(receiptFile()),
      "--epoch",
      file(epoch),
      "--leaf",
      file(leaf),
    ]);
    expect(code).toBe(0);
    expect(lines).toContain(
      "not checked: the balance after against epoch 42: its ledger position 1229 is before the receipt's 1230 (take an epoch built after the receipt)",
    );
    expect(lines.some((line) => line.includes("counts"))).toBe(false);
  });

  it("exits 64 for a leaf without its epoch, 2 for a file it cannot read", async () => {
    expect((await run(["receipt", file(receiptFile()), "--leaf", file({})])).code).toBe(64);
    expect((await run(["receipt"])).code).toBe(64);
    await expect(run(["receipt", join(dir, "missing.json")])).rejects.toThrow(/cannot read the receipt file/);
  });
});
