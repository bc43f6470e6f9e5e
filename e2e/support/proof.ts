import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js";
import type { Page } from "@playwright/test";
import {
  buildLevels,
  commitmentTxid,
  type EpochRoot,
  leafNode,
  pathOf,
  reservesMessage,
  type SumNode,
  signRoot,
  toHex,
} from "@satsbank/verify";
import * as btc from "@scure/btc-signer";

// A proof of reserves answered by the test (issue 23): a real small tree of four leaves, signed with a
// test key, so the proof page can be looked at without waiting for the bank's own epoch. The customer is
// at position 1.

const BANK_KEY = new Uint8Array(32).fill(7);
const OTHER_KEY = new Uint8Array(32).fill(9);
const leaves = [1_000_000_000n, 746_000n, 233_821_890n, 0n].map((balance, i) =>
  leafNode({ salt: new Uint8Array(32).fill(i + 1), accountId: BigInt(i + 1), balance }),
);
const levels = buildLevels(leaves);
const top = levels[levels.length - 1]?.[0] as SumNode;
const blockHash = new Uint8Array(32).fill(0xab);
const root: EpochRoot = {
  epoch: 42n,
  rootHash: top.hash,
  total: top.sum,
  leafCount: 4n,
  ledgerPosition: 98_765n,
  blockHeight: 1234n,
  blockHash,
  time: 1_795_000_000n,
};

/** The reserves proof: one hot coin of 13 BTC, signed for epoch 42's commitment. */
function reservesProof() {
  const hotKey = new Uint8Array(32).fill(11);
  const hot = btc.p2wpkh(secp256k1.getPublicKey(hotKey, true));
  const message = reservesMessage("Satsbank", 42n, top.hash);
  const tx = new btc.Transaction({ allowUnknownInputs: true });
  tx.addInput({ txid: commitmentTxid(message), index: 0 });
  tx.addInput({
    txid: "aa".repeat(32),
    index: 0,
    witnessUtxo: { script: hot.script, amount: 1_300_000_000n },
  });
  tx.addOutput({ script: hot.script, amount: 1_300_000_000n });
  tx.signIdx(hotKey, 1);
  return {
    status: "covered",
    message,
    blockHeight: "1234",
    blockHash: toHex(blockHash),
    total: "1300000000",
    coinCount: 1,
    psbt: Buffer.from(tx.toPSBT()).toString("base64"),
  };
}

/**
 * Answers the proof's three requests before the page loads: a good proof, or one signed by another key
 * than the published one (the page then names the failure).
 */
export async function answerProof(page: Page, { tampered = false } = {}) {
  const epoch = {
    bank: { name: "Satsbank", publicKey: toHex(schnorr.getPublicKey(BANK_KEY)), keyPath: "m/7731'/0'" },
    root: {
      epoch: "42",
      rootHash: toHex(top.hash),
      total: top.sum.toString(),
      leafCount: "4",
      ledgerPosition: "98765",
      blockHeight: "1234",
      blockHash: toHex(blockHash),
      time: "1795000000",
    },
    signature: toHex(signRoot(root, tampered ? OTHER_KEY : BANK_KEY)),
    depth: 2,
    reserves: reservesProof(),
  };
  const mine = {
    epoch: "42",
    index: 1,
    salt: toHex(new Uint8Array(32).fill(2)),
    accountId: "2",
    balance: "746000",
    path: pathOf(levels, 1).map((node) => ({ hash: toHex(node.hash), sum: node.sum.toString() })),
  };
  const list = {
    epochs: [
      {
        epoch: 42,
        builtAt: "2026-11-18T00:00:00.000Z",
        blockHeight: 1234,
        total: epoch.root.total,
        leafCount: 4,
        reserves: "covered",
      },
    ],
  };
  await page.route(/\/api\/proof$/, (route) => route.fulfill({ json: list }));
  await page.route(/\/api\/proof\/42$/, (route) => route.fulfill({ json: epoch }));
  await page.route(/\/api\/proof\/42\/me$/, (route) => route.fulfill({ json: mine }));
}
