import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh, Transaction } from "@scure/btc-signer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bitcoindBackend } from "../../bitcoin/chain/bitcoind.js";
import {
  BroadcastRejected,
  type ChainBackend,
  ChainBackendError,
} from "../../bitcoin/chain/chain-backend.js";
import { networkParams } from "../../bitcoin/network.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { sandboxRpcTransport } from "./rpc.js";
import { SandboxNode } from "./sandbox-node.js";

const REGTEST = networkParams.regtest.params;

// The bitcoind adapter, the one a production node is read with, driving the sandbox node through
// Bitcoin Core's JSON-RPC calls.
describe("the bitcoind adapter on the sandbox node", () => {
  let t: TestApp;
  let node: SandboxNode;
  let chain: ChainBackend;
  const key = secp256k1.utils.randomSecretKey();
  const payment = p2wpkh(secp256k1.getPublicKey(key, true), REGTEST);
  const address = payment.address as string;

  beforeAll(async () => {
    t = await createTestApp();
    let now = new Date("2030-01-15T12:00:00Z").getTime();
    const tick = () => {
      now += 1000;
      return new Date(now);
    };
    node = new SandboxNode(t.db, tick);
    await node.start();
    chain = bitcoindBackend({ transport: sandboxRpcTransport(node), network: "regtest" });
  });
  afterAll(() => t.close());

  it("reads the tip and every block, linked to its parent", async () => {
    const tip = await chain.tip();
    expect(tip).toEqual({ height: 100, hash: (await node.tip()).hash });
    expect(await chain.blockHash(100)).toBe(tip.hash);
    const block = await chain.block(tip.hash);
    expect(block.height).toBe(100);
    expect(block.previousHash).toBe(await chain.blockHash(99));
    expect(block.transactions).toHaveLength(1);
    expect(block.transactions[0]?.inputs).toEqual([]);
    expect(block.transactions[0]?.outputs[0]?.valueSats).toBe(5_000_000_000n);
    await expect(chain.blockHash(101)).rejects.toEqual(expect.objectContaining({ failure: "not-found" }));
    await expect(chain.blockHash(101)).rejects.toBeInstanceOf(ChainBackendError);
  });

  it("sees a payment in the mempool, then in a block, with its confirmations", async () => {
    const txid = await node.pay(address, 250_000n);
    expect(await chain.mempoolTxids()).toEqual([txid]);
    expect(await chain.transactionStatus(txid)).toEqual({
      confirmations: 0,
      blockHash: null,
      blockHeight: null,
    });
    const paid = await chain.transaction(txid);
    expect(paid?.outputs.find((output) => output.address === address)?.valueSats).toBe(250_000n);

    const [hash] = await node.mine(2);
    expect(await chain.transactionStatus(txid)).toEqual({
      confirmations: 2,
      blockHash: hash,
      blockHeight: 101,
    });
    const block = await chain.block(hash as string);
    expect(block.transactions.map((tx) => tx.txid)).toEqual([expect.any(String), txid]);
    expect(await chain.mempoolTxids()).toEqual([]);
    expect(await chain.transaction("ab".repeat(32))).toBeNull();
    expect(await chain.transactionStatus("ab".repeat(32))).toBeNull();
  });

  it("broadcasts a signed spend, and a double spend is refused for good", async () => {
    const txid = await node.pay(address, 100_000n);
    await node.mine(1);
    const paid = await chain.transaction(txid);
    const vout = paid?.outputs.find((output) => output.address === address)?.vout ?? -1;
    const spend = (amount: bigint) => {
      const tx = new Transaction();
      tx.addInput({ txid, index: vout, witnessUtxo: { script: payment.script, amount: 100_000n } });
      tx.addOutputAddress(address, amount, REGTEST);
      tx.sign(key);
      tx.finalize();
      return tx.hex;
    };
    const first = spend(99_000n);
    const sent = await chain.broadcast(first);
    expect(await chain.mempoolTxids()).toContain(sent);
    // The same transaction again is no error (it is already in the mempool).
    expect(await chain.broadcast(first)).toBe(sent);
    const conflict = chain.broadcast(spend(98_000n));
    await expect(conflict).rejects.toBeInstanceOf(BroadcastRejected);
    await expect(chain.broadcast(spend(98_000n))).rejects.toEqual(
      expect.objectContaining({ permanent: true }),
    );
  });

  it("answers gettxout in Bitcoin Core's shape, batched: unspent, spent in the mempool, spent in a block", async () => {
    const txid = await node.pay(address, 60_000n);
    const vout = (await chain.transaction(txid))?.outputs.find((o) => o.address === address)?.vout ?? -1;
    const coin = { txid, vout };
    // In the mempool: an output with 0 confirmations, seen only with the mempool.
    expect(await chain.outputs([coin])).toEqual([{ state: "unspent", valueSats: 60_000n, confirmations: 0 }]);
    await node.mine(2);
    expect(await chain.outputs([coin, { txid, vout: 99 }, { txid: "cd".repeat(32), vout: 0 }])).toEqual([
      { state: "unspent", valueSats: 60_000n, confirmations: 2 },
      { state: "unknown" },
      { state: "unknown" },
    ]);
    const raw = JSON.parse(
      (
        await sandboxRpcTransport(node)(
          JSON.stringify({ jsonrpc: "1.0", id: 7, method: "gettxout", params: [txid, vout, true] }),
        )
      ).body,
    );
    expect(raw).toEqual({
      result: {
        bestblock: (await node.tip()).hash,
        confirmations: 2,
        value: 0.0006,
        scriptPubKey: {
          hex: Buffer.from(payment.script).toString("hex"),
          type: "witness_v0_keyhash",
          address,
        },
        coinbase: false,
      },
      error: null,
      id: 7,
    });
    // Spent by a transaction waiting in the mempool, then by one in a block.
    const spend = new Transaction();
    spend.addInput({ txid, index: vout, witnessUtxo: { script: payment.script, amount: 60_000n } });
    spend.addOutputAddress(address, 59_000n, REGTEST);
    spend.sign(key);
    spend.finalize();
    await chain.broadcast(spend.hex);
    expect(await chain.outputs([coin])).toEqual([{ state: "spent", spentBy: null }]);
    await node.mine(1);
    expect(await chain.outputs([coin])).toEqual([{ state: "unknown" }]);
  });

  it("estimates 2 sat/vB", async () => {
    expect(await chain.feeRate(6)).toBe(2);
  });
});
