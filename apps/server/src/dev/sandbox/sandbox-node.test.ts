import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh, Transaction } from "@scure/btc-signer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeTransaction } from "../../bitcoin/chain/decode-transaction.js";
import { SandboxRefusal } from "../../bitcoin/chain/sandbox-controls.js";
import { networkParams } from "../../bitcoin/network.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { SandboxNode } from "./sandbox-node.js";

const REGTEST = networkParams.regtest.params;

function wallet() {
  const key = secp256k1.utils.randomSecretKey();
  const payment = p2wpkh(secp256k1.getPublicKey(key, true), REGTEST);
  return { key, script: payment.script, address: payment.address as string };
}

/** A signed spend of one output of `from`, paying `to` (amount) and nothing else. */
function spend(
  from: ReturnType<typeof wallet>,
  coin: { txid: string; vout: number; amount: bigint },
  to: string,
  amount: bigint,
): string {
  const tx = new Transaction();
  tx.addInput({
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: { script: from.script, amount: coin.amount },
  });
  tx.addOutputAddress(to, amount, REGTEST);
  tx.sign(from.key);
  tx.finalize();
  return tx.hex;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SandboxRefusal) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the sandbox node", () => {
  let t: TestApp;
  let node: SandboxNode;
  let now = new Date("2030-01-15T12:00:00Z");
  const alice = wallet();
  let coin: { txid: string; vout: number; amount: bigint };

  beforeAll(async () => {
    t = await createTestApp();
    node = new SandboxNode(t.db, () => now);
    await node.start();
    const txid = await node.pay(alice.address, 100_000n);
    await node.mine(1);
    const paid = await node.chainTransaction(txid);
    const vout = decodeTransaction(paid?.row.hex ?? "", "regtest").outputs.find(
      (output) => output.address === alice.address,
    )?.vout;
    if (vout === undefined) throw new Error("the faucet did not pay alice");
    coin = { txid, vout, amount: 100_000n };
  });
  afterAll(() => t.close());

  it("starts with 101 blocks, so the faucet's first reward is mature, and restarts as it was", async () => {
    const tip = await node.tip();
    // Heights 0 to 100, and the block that confirmed alice's coin.
    expect(tip.height).toBe(101);
    await node.start();
    expect((await node.tip()).hash).toBe(tip.hash);
  });

  it("puts a faucet payment in the mempool, then in the next block, counting confirmations", async () => {
    const txid = await node.pay(alice.address, 5_000n);
    expect((await node.chainTransaction(txid))?.confirmations).toBe(0);
    expect((await node.mempool()).map((row) => row.txid)).toContain(txid);
    now = new Date(now.getTime() + 60_000);
    const [hash] = await node.mine(1);
    const confirmed = await node.chainTransaction(txid);
    expect(confirmed?.confirmations).toBe(1);
    expect(confirmed?.block?.hash).toBe(hash);
    await node.mine(2);
    expect((await node.chainTransaction(txid))?.confirmations).toBe(3);
    expect(await node.mempool()).toEqual([]);
  });

  it("links every block to its parent", async () => {
    const tip = await node.tip();
    const parent = await node.blockAt(tip.height - 1);
    expect(tip.previousHash).toBe(parent?.hash);
    const block = await node.block(tip.hash);
    expect(block?.transactions[0]?.coinbase).toBe(true);
  });

  it("refuses what a node refuses: garbage, unknown or spent inputs, more out than in, a wrong signature", async () => {
    const bob = wallet();
    expect(await refusal(node.accept("00ff"))).toEqual({ code: -22, message: "TX decode failed" });
    expect(
      await refusal(node.accept(spend(alice, { ...coin, txid: "ab".repeat(32) }, bob.address, 1_000n))),
    ).toEqual({
      code: -25,
      message: "bad-txns-inputs-missingorspent",
    });
    // The signer is told the output holds more than it does: the node knows better.
    const overspend = spend(alice, { ...coin, amount: 200_000n }, bob.address, 100_001n);
    expect(await refusal(node.accept(overspend))).toEqual({
      code: -26,
      message: "bad-txns-in-belowout",
    });
    // Signed for another amount than the output holds: the signature does not verify.
    const forged = spend(alice, { ...coin, amount: 200_000n }, bob.address, 90_000n);
    expect((await refusal(node.accept(forged))).message).toMatch(/^mandatory-script-verify-flag-failed/);

    const first = await node.accept(spend(alice, coin, bob.address, 90_000n));
    expect(await node.accept(spend(alice, coin, bob.address, 90_000n))).toBe(first);
    expect(await refusal(node.accept(spend(alice, coin, bob.address, 80_000n)))).toEqual({
      code: -26,
      message: "txn-mempool-conflict",
    });
    await node.mine(1);
    expect(await refusal(node.accept(spend(alice, coin, bob.address, 90_000n)))).toEqual({
      code: -27,
      message: "Transaction outputs already in utxo set",
    });
    expect(await refusal(node.accept(spend(alice, coin, bob.address, 70_000n)))).toEqual({
      code: -25,
      message: "bad-txns-inputs-missingorspent",
    });
  });

  it("refuses to spend a coinbase before 100 confirmations", async () => {
    const miner = wallet();
    const [hash] = await node.mine(1, miner.address);
    const block = await node.block(hash as string);
    const reward = decodeTransaction(block?.transactions[0]?.hex ?? "", "regtest").outputs[0];
    const coinbaseTxid = block?.transactions[0]?.txid as string;
    const early = spend(
      miner,
      { txid: coinbaseTxid, vout: 0, amount: reward?.valueSats ?? 0n },
      alice.address,
      1_000n,
    );
    expect(await refusal(node.accept(early))).toEqual({
      code: -26,
      message: "bad-txns-premature-spend-of-coinbase",
    });
  });

  it("reorganises: the replaced blocks' transactions go back and are mined again, or leave with drop", async () => {
    const kept = await node.pay(alice.address, 7_000n);
    await node.mine(1);
    const before = await node.tip();
    const hashes = await node.reorg(1);
    expect(hashes).toHaveLength(2);
    const after = await node.tip();
    expect(after.height).toBe(before.height + 1);
    expect(await node.blockAt(before.height)).not.toEqual(expect.objectContaining({ hash: before.hash }));
    expect((await node.chainTransaction(kept))?.confirmations).toBe(2);

    const dropped = await node.pay(alice.address, 8_000n);
    await node.mine(1);
    await node.reorg(1, { drop: true });
    expect(await node.chainTransaction(dropped)).toBeUndefined();
    expect(await refusal(node.reorg(100_000))).toEqual({ code: -8, message: "Block height out of range" });
  });
});
