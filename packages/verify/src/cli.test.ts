import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js";
import * as btc from "@scure/btc-signer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toHex } from "./bytes.js";
import type { EpochFile, LeafFile } from "./check.js";
import { run } from "./cli.js";
import { commitmentTxid, reservesMessage } from "./reserves.js";
import { signRoot } from "./root.js";
import { buildLevels, leafNode, pathOf, type SumNode } from "./tree.js";

// `satsbank-verify proof`: what a customer sees when everything holds, and each failure named on its line.

const privateKey = new Uint8Array(32).fill(7);
const salt = (n: number) => new Uint8Array(32).fill(n);
const balances = [746_000n, 0n, 150_000_000n, 1n, 2_100_000_000_000_000n];
const padded = [
  ...balances.map((balance, i) => leafNode({ salt: salt(i + 1), accountId: BigInt(i + 1), balance })),
  ...[0xf0, 0xf1, 0xf2].map((n) => leafNode({ salt: salt(n), accountId: 0n, balance: 0n })),
];
const levels = buildLevels(padded);
const top = levels.at(-1)?.[0] as SumNode;
const blockHash = new Uint8Array(32).fill(0x0f);
const root = {
  epoch: 42n,
  rootHash: top.hash,
  total: top.sum,
  leafCount: 5n,
  ledgerPosition: 1234n,
  blockHeight: 1234n,
  blockHash,
  time: 1_795_000_000n,
};

// The reserves proof: one hot coin holding exactly the liabilities, signed for epoch 42's commitment.
const hotKey = new Uint8Array(32).fill(9);
const hot = btc.p2wpkh(secp256k1.getPublicKey(hotKey, true));
const COIN_TXID = "aa".repeat(32);
const message = reservesMessage("Satsbank", 42n, top.hash);
function reservesPsbt(): string {
  const tx = new btc.Transaction({ allowUnknownInputs: true });
  tx.addInput({ txid: commitmentTxid(message), index: 0 });
  tx.addInput({ txid: COIN_TXID, index: 0, witnessUtxo: { script: hot.script, amount: top.sum } });
  tx.addOutput({ script: hot.script, amount: top.sum });
  tx.signIdx(hotKey, 1);
  return btoa(String.fromCharCode(...tx.toPSBT()));
}
const psbt = reservesPsbt();

function epochFile(key = privateKey): EpochFile {
  return {
    bank: { name: "Satsbank", publicKey: toHex(schnorr.getPublicKey(privateKey)), keyPath: "m/7731'/0'" },
    root: {
      epoch: "42",
      rootHash: toHex(top.hash),
      total: top.sum.toString(),
      leafCount: "5",
      ledgerPosition: "1234",
      blockHeight: "1234",
      blockHash: toHex(blockHash),
      time: "1795000000",
    },
    signature: toHex(signRoot(root, key)),
    depth: 3,
    reserves: {
      status: "covered",
      message,
      blockHeight: "1234",
      blockHash: toHex(blockHash),
      total: top.sum.toString(),
      coinCount: 1,
      psbt,
    },
  };
}

function leafFile(index = 2): LeafFile {
  return {
    epoch: "42",
    index,
    salt: toHex(salt(index + 1)),
    accountId: String(index + 1),
    balance: (balances[index] as bigint).toString(),
    path: pathOf(levels, index).map((node) => ({ hash: toHex(node.hash), sum: node.sum.toString() })),
  };
}

const dir = mkdtempSync(join(tmpdir(), "satsbank-verify-"));
function files(epoch: unknown, leaf?: unknown): string[] {
  const name = Math.random().toString(36).slice(2);
  writeFileSync(join(dir, `${name}-epoch.json`), JSON.stringify(epoch));
  const args = ["proof", join(dir, `${name}-epoch.json`)];
  if (leaf !== undefined) {
    writeFileSync(join(dir, `${name}-me.json`), JSON.stringify(leaf));
    args.push("--leaf", join(dir, `${name}-me.json`));
  }
  return args;
}

// A one-coin Esplora: the proof's coin made at block 1000, unspent (or spent at `spentAt`); block 1234's hash.
let spentAt: number | null = null;
let server: Server;
let esplora = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? "";
    const json = (value: unknown) => res.writeHead(200).end(JSON.stringify(value));
    if (url === "/api/block-height/1234") res.writeHead(200).end(toHex(blockHash));
    else if (url === `/api/tx/${COIN_TXID}`)
      json({
        txid: COIN_TXID,
        status: { confirmed: true, block_height: 1000 },
        vout: [{ value: Number(top.sum), scriptpubkey: toHex(hot.script) }],
      });
    else if (url === `/api/tx/${COIN_TXID}/outspend/0`)
      json(
        spentAt === null
          ? { spent: false }
          : {
              spent: true,
              txid: "bb".repeat(32),
              vin: 0,
              status: { confirmed: true, block_height: spentAt },
            },
      );
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  esplora = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("satsbank-verify proof", () => {
  it("exits 0 when the signature and the customer's path hold, and says what it did not check", async () => {
    const { code, lines } = await run(files(epochFile(), leafFile()));
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^ok {4}The bank's key [0-9a-f]{64} signed epoch 42$/);
    expect(lines[1]).toBe(
      `ok    The balance of 150000000 sat (account 3) is counted in the total of ${top.sum} sat (root ${toHex(top.hash)})`,
    );
    expect(lines).toContain(`ok    Reserves of ${top.sum} sat cover the liabilities of ${top.sum} sat`);
    expect(lines).toContain("not checked: that each coin was unspent at the stated block (no --chain given)");
    expect(lines.at(-1)).toBe("Every check made holds.");
  });

  it("fails, naming why, for another key's signature, a changed sum, a changed balance, another epoch's leaf", async () => {
    const forged = await run(files(epochFile(new Uint8Array(32).fill(8)), leafFile()));
    expect(forged.code).toBe(1);
    expect(forged.lines).toContain("FAIL  The bank's signature on this epoch does not verify");

    const changed = leafFile();
    changed.path[1] = { ...(changed.path[1] as { hash: string; sum: string }), sum: "0" };
    expect((await run(files(epochFile(), changed))).lines).toContain(
      "FAIL  The path does not lead to the published root",
    );

    const lowered = { ...leafFile(), balance: "149999999" };
    expect((await run(files(epochFile(), lowered))).lines).toContain(
      "FAIL  The path does not lead to the published root",
    );

    const other = { ...leafFile(), epoch: "41" };
    expect((await run(files(epochFile(), other))).lines).toContain(
      "FAIL  This leaf is of epoch 41, not of epoch 42",
    );

    // A total the tree does not add up to: the root's hash holds, its stated sum does not (re-signed by the bank).
    const stated = epochFile();
    stated.root.total = (top.sum - 1n).toString();
    stated.signature = toHex(signRoot({ ...root, total: top.sum - 1n }, privateKey));
    const short = await run(files(stated, leafFile()));
    expect(short.code).toBe(1);
    expect(short.lines).toContain(
      `FAIL  The path sums to ${top.sum} sat, not the published total of ${top.sum - 1n} sat`,
    );
  });

  it("with --chain, checks each coin at the stated block: unspent holds, spent before it fails", async () => {
    const held = await run([...files(epochFile(), leafFile()), "--chain", `esplora+${esplora}/api`]);
    expect(held.lines.filter((line) => line.startsWith("FAIL"))).toEqual([]);
    expect(held.code).toBe(0);
    expect(held.lines).not.toContainEqual(expect.stringMatching(/^not checked: that each coin/));
    spentAt = 1200;
    const spent = await run([...files(epochFile(), leafFile()), "--chain", `esplora+${esplora}/api`]);
    expect(spent.code).toBe(1);
    expect(spent.lines).toContainEqual(expect.stringMatching(new RegExp(`^FAIL  .*${COIN_TXID}:0.*1200`)));
  });

  it("an epoch without a reserves proof fails and says the coins were not checked", async () => {
    const { code, lines } = await run(files({ ...epochFile(), reserves: null }, leafFile()));
    expect(code).toBe(1);
    expect(lines).toContain("FAIL  This epoch carries no reserves proof");
    expect(lines).toContain("not checked: the reserves' coins on the chain (no readable reserves proof)");
  });

  it("without --leaf says the customer's own leaf was not checked; bad usage exits 64", async () => {
    const { code, lines } = await run(files(epochFile()));
    expect(code).toBe(0);
    expect(lines).toContain("not checked: your own leaf (no --leaf given)");
    expect((await run(["frobnicate"])).code).toBe(64);
  });
});
