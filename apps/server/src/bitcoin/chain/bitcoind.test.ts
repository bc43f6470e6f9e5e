// Contract test of the bitcoind adapter against recorded answers of Bitcoin Core (fixtures/).
import { describe, expect, it } from "vitest";
import { bitcoindBackend } from "./bitcoind.js";
import { addresses, hashes, recorded, times, transactions, txids } from "./fixtures/expected.js";
import { failure, rejection } from "./fixtures/rejections.js";
import { type RpcAnswer, recordedAnswer, recordedNode, specialRpc } from "./fixtures/replay.js";

function backend(answers: Record<string, RpcAnswer> = {}) {
  const node = recordedNode(answers);
  return {
    chain: bitcoindBackend({ transport: node.transport, network: "regtest" }),
    requests: node.requests,
  };
}

/** A recorded answer with its JSON changed, for the shapes a broken node might send. */
function edited(
  method: string,
  params: unknown[],
  edit: (result: Record<string, unknown>) => void,
): RpcAnswer {
  const answer = recordedAnswer(method, params);
  const body = JSON.parse(answer.body) as { result: Record<string, unknown> };
  edit(body.result);
  return { status: answer.status, body: JSON.stringify(body) };
}

describe("bitcoind adapter: reading the chain", () => {
  it("reads the tip from getblockchaininfo", async () => {
    const { chain, requests } = backend();
    expect(await chain.tip()).toEqual({ height: 102, hash: hashes.block102 });
    expect(requests).toEqual([{ method: "getblockchaininfo", params: [] }]);
  });

  it("refuses a node on another network than the bank's", async () => {
    const mainnetBank = bitcoindBackend({ transport: recordedNode().transport, network: "mainnet" });
    expect((await failure(mainnetBank.tip())).message).toMatch(/regtest chain, not mainnet/);
    const { chain } = backend({ getblockchaininfo: specialRpc("otherChain") });
    expect((await failure(chain.tip())).failure).toBe("invalid-response");
  });

  it("maps heights to hashes, and -8 above the tip to not-found", async () => {
    const { chain, requests } = backend();
    expect(await chain.blockHash(101)).toBe(hashes.block101);
    expect(await chain.blockHash(0)).toBe(hashes.genesis);
    expect((await failure(chain.blockHash(103))).failure).toBe("not-found");
    expect((await failure(chain.blockHash(-1))).failure).toBe("not-found");
    expect(requests.map((r) => r.params)).toEqual([[101], [0], [103]]);
  });

  it("reads a block with verbosity 2: height, previous hash, time, and every transaction from its hex", async () => {
    const { chain, requests } = backend();
    const block = await chain.block(hashes.block101);
    expect(block).toMatchObject({
      height: 101,
      hash: hashes.block101,
      previousHash: hashes.block100,
      time: times.block101,
      transactions: [transactions.coinbase101, transactions.deposit],
    });
    expect(block.transactions[1]?.hex).toBe(recorded.deposit.hex);
    expect(requests).toEqual([{ method: "getblock", params: [hashes.block101, 2] }]);
    expect(await chain.block(hashes.block102)).toMatchObject({
      height: 102,
      previousHash: hashes.block101,
      transactions: [transactions.coinbase102, transactions.sweep],
    });
  });

  it("gives the genesis block (no previousblockhash) the zero hash as previous", async () => {
    const { chain } = backend();
    expect(await chain.block(hashes.genesis)).toMatchObject({
      height: 0,
      previousHash: hashes.zero,
      time: times.genesis,
      transactions: [transactions.genesisCoinbase],
    });
  });

  it("answers not-found for an unknown block (-5) and a malformed hash, without asking for the latter", async () => {
    const { chain, requests } = backend();
    expect((await failure(chain.block(hashes.unknown))).failure).toBe("not-found");
    expect((await failure(chain.block("not-a-hash"))).failure).toBe("not-found");
    expect(requests).toHaveLength(1);
  });

  it("refuses a block whose transactions do not match what the node says of them", async () => {
    const swapped = edited("getblock", [hashes.block101, 2], (block) => {
      const [coinbase, deposit] = block.tx as { txid: string; hex: string }[];
      if (coinbase && deposit) [coinbase.hex, deposit.hex] = [deposit.hex, coinbase.hex];
    });
    expect((await failure(backend({ getblock: swapped }).chain.block(hashes.block101))).failure).toBe(
      "invalid-response",
    );
    const short = edited("getblock", [hashes.block101, 2], (block) => {
      block.nTx = 3;
    });
    expect((await failure(backend({ getblock: short }).chain.block(hashes.block101))).failure).toBe(
      "invalid-response",
    );
    const other = edited("getblock", [hashes.block101, 2], (block) => {
      block.hash = hashes.block102;
    });
    expect((await failure(backend({ getblock: other }).chain.block(hashes.block101))).failure).toBe(
      "invalid-response",
    );
  });

  it("lists the mempool", async () => {
    expect(await backend().chain.mempoolTxids()).toEqual([txids.mempool]);
  });

  it("reads a transaction of the mempool and of the chain, and null for one the node does not know (-5)", async () => {
    const { chain, requests } = backend();
    expect(await chain.transaction(txids.mempool)).toMatchObject(transactions.mempool ?? {});
    expect(await chain.transaction(txids.deposit)).toMatchObject(transactions.deposit ?? {});
    expect(await chain.transaction(hashes.unknown)).toBeNull();
    expect(requests[0]).toEqual({ method: "getrawtransaction", params: [txids.mempool, true] });
  });

  it("reads confirmations: 0 in the mempool, from the block otherwise, null when unknown", async () => {
    const { chain } = backend();
    expect(await chain.transactionStatus(txids.mempool)).toEqual({
      confirmations: 0,
      blockHash: null,
      blockHeight: null,
    });
    expect(await chain.transactionStatus(txids.deposit)).toEqual({
      confirmations: 2,
      blockHash: hashes.block101,
      blockHeight: 101,
    });
    expect(await chain.transactionStatus(txids.sweep)).toEqual({
      confirmations: 1,
      blockHash: hashes.block102,
      blockHeight: 102,
    });
    expect(await chain.transactionStatus(hashes.unknown)).toBeNull();
  });

  it("answers null for a transaction left behind in a block that is no longer in the best chain", async () => {
    const stale = edited("getrawtransaction", [txids.deposit, true], (tx) => {
      tx.confirmations = 0;
    });
    expect(await backend({ getrawtransaction: stale }).chain.transactionStatus(txids.deposit)).toBeNull();
  });

  it("refuses a transaction whose hex is not the txid asked for", async () => {
    const wrong = edited("getrawtransaction", [txids.deposit, true], (tx) => {
      tx.hex = recorded.sweep.hex;
    });
    expect(
      (await failure(backend({ getrawtransaction: wrong }).chain.transaction(txids.deposit))).failure,
    ).toBe("invalid-response");
  });
});

describe("bitcoind adapter: broadcasting", () => {
  it("sends the hex and answers the txid", async () => {
    const { chain, requests } = backend();
    expect(await chain.broadcast(recorded.mempool.hex)).toBe(txids.mempool);
    expect(requests).toEqual([{ method: "sendrawtransaction", params: [recorded.mempool.hex] }]);
  });

  it("takes 'already in the chain' (-27) and 'already in the mempool' (older nodes) as sent", async () => {
    expect(await backend().chain.broadcast(recorded.sweep.hex)).toBe(txids.sweep);
    const legacyMempool = backend({ sendrawtransaction: specialRpc("alreadyInMempoolLegacy") });
    expect(await legacyMempool.chain.broadcast(recorded.mempool.hex)).toBe(txids.mempool);
    const legacyChain = backend({ sendrawtransaction: specialRpc("alreadyInChainLegacy") });
    expect(await legacyChain.chain.broadcast(recorded.sweep.hex)).toBe(txids.sweep);
  });

  it("takes 'inputs missing or spent' as sent when the transaction itself is in the chain", async () => {
    const { chain, requests } = backend();
    expect(await chain.broadcast(recorded.deposit.hex)).toBe(txids.deposit);
    expect(requests.map((r) => r.method)).toEqual([
      "sendrawtransaction",
      "getrawtransaction",
      "getblockheader",
    ]);
  });

  it("refuses for good: inputs missing or spent (-25), a bad signature (-26), undecodable bytes (-22)", async () => {
    const missing = await rejection(backend().chain.broadcast(recorded.missingInput.hex));
    expect(missing).toMatchObject({ permanent: true, reason: "bad-txns-inputs-missingorspent" });
    const badSignature = await rejection(backend().chain.broadcast(recorded.badSignature.hex));
    expect(badSignature.permanent).toBe(true);
    expect(badSignature.reason).toMatch(/^mandatory-script-verify-flag-failed/);
    const decode = backend({ sendrawtransaction: specialRpc("decodeFailed") });
    expect(await rejection(decode.chain.broadcast(recorded.lowFee.hex))).toMatchObject({ permanent: true });
  });

  it("refuses bytes that are no transaction without sending them", async () => {
    const { chain, requests } = backend();
    expect(await rejection(chain.broadcast("0000"))).toMatchObject({ permanent: true });
    expect(requests).toEqual([]);
  });

  it("refuses for now: a fee under the relay minimum, a full mempool, a replacement paying too little", async () => {
    const lowFee = await rejection(backend().chain.broadcast(recorded.lowFee.hex));
    expect(lowFee).toMatchObject({ permanent: false, reason: "min relay fee not met, 110 < 141" });
    expect(await rejection(backend().chain.broadcast(recorded.mempoolFull.hex))).toMatchObject({
      permanent: false,
      reason: "mempool full",
    });
    const replacement = await rejection(backend().chain.broadcast(recorded.replacement.hex));
    expect(replacement.permanent).toBe(false);
    expect(replacement.reason).toMatch(/^insufficient fee, rejecting replacement/);
  });

  it("reports a node still starting (-28) as unavailable, not as a refusal", async () => {
    const warmup = backend({ sendrawtransaction: specialRpc("inWarmup") });
    expect((await failure(warmup.chain.broadcast(recorded.mempool.hex))).failure).toBe("unavailable");
  });
});

describe("bitcoind adapter: fee rate", () => {
  it("converts estimatesmartfee's BTC/kvB to sat/vB", async () => {
    const { chain, requests } = backend();
    expect(await chain.feeRate(6)).toBe(12.345);
    expect(await chain.feeRate(1)).toBe(20);
    expect(requests.map((r) => r.params)).toEqual([[6], [1]]);
  });

  it("never goes below 1 sat/vB, and keeps the target within 1..1008", async () => {
    const { chain, requests } = backend();
    expect(await chain.feeRate(1008)).toBe(1);
    expect(await chain.feeRate(5000)).toBe(1);
    expect(await chain.feeRate(0)).toBe(20);
    expect(requests.map((r) => r.params)).toEqual([[1008], [1008], [1]]);
  });

  it("falls back to 1 sat/vB when the node has no estimate (a fresh regtest chain)", async () => {
    expect(await backend({ estimatesmartfee: specialRpc("noFeeEstimate") }).chain.feeRate(6)).toBe(1);
  });
});

describe("bitcoind adapter: outputs (gettxout, batched)", () => {
  const unknownOutpoint = { txid: hashes.unknown, vout: 0 };

  it("reads unspent outputs with their exact value and confirmations, in one batch request", async () => {
    const node = recordedNode();
    const chain = bitcoindBackend({ transport: node.transport, network: "regtest" });
    const states = await chain.outputs([
      { txid: txids.sweep, vout: 0 },
      { txid: txids.coinbase101, vout: 0 },
      { txid: txids.mempool, vout: 0 },
    ]);
    expect(states).toEqual([
      { state: "unspent", valueSats: 30_000_000n, confirmations: 1 },
      { state: "unspent", valueSats: 5_000_001_410n, confirmations: 2 },
      // Made by a mempool transaction: in the UTXO set with the mempool, 0 confirmations.
      { state: "unspent", valueSats: 746_000n, confirmations: 0 },
    ]);
    expect(node.batches).toEqual([3]);
    expect(node.requests.map((r) => r.params[2])).toEqual([true, true, true]);
  });

  it("tells an output a mempool transaction spends from one spent in a block or never made", async () => {
    const node = recordedNode();
    const chain = bitcoindBackend({ transport: node.transport, network: "regtest" });
    const states = await chain.outputs([
      { txid: txids.sweep, vout: 1 },
      { txid: txids.deposit, vout: 0 },
      unknownOutpoint,
      { txid: txids.sweep, vout: 0 },
    ]);
    expect(states).toEqual([
      { state: "spent", spentBy: null },
      { state: "unknown" },
      { state: "unknown" },
      { state: "unspent", valueSats: 30_000_000n, confirmations: 1 },
    ]);
    // Asked with the mempool, then the three it did not find without it: two batches.
    expect(node.batches).toEqual([4, 3]);
    expect(node.requests.slice(4).map((r) => r.params)).toEqual([
      [txids.sweep, 1, false],
      [txids.deposit, 0, false],
      [hashes.unknown, 0, false],
    ]);
  });

  it("asks nothing for no outputs, or for malformed ones (unknown)", async () => {
    const node = recordedNode();
    const chain = bitcoindBackend({ transport: node.transport, network: "regtest" });
    expect(await chain.outputs([])).toEqual([]);
    expect(
      await chain.outputs([
        { txid: "not-a-txid", vout: 0 },
        { txid: txids.sweep, vout: -1 },
      ]),
    ).toEqual([{ state: "unknown" }, { state: "unknown" }]);
    expect(node.requests).toEqual([]);
  });

  it("refuses a value that is no amount, and an RPC error in the batch, as the backend's failure", async () => {
    const odd = edited("gettxout", [txids.sweep, 0, true], (out) => {
      out.value = -1;
    });
    const error = await failure(backend({ gettxout: odd }).chain.outputs([{ txid: txids.sweep, vout: 0 }]));
    expect(error.failure).toBe("invalid-response");
    const warmup = backend({ gettxout: specialRpc("inWarmup") });
    expect((await failure(warmup.chain.outputs([unknownOutpoint]))).failure).toBe("unavailable");
  });

  it("refuses a reply that is not a batch's, or that lacks a call", async () => {
    const answering = (body: string) =>
      bitcoindBackend({ transport: async () => ({ status: 200, body }), network: "regtest" });
    const single = recordedAnswer("gettxout", [txids.sweep, 0, true]).body;
    expect((await failure(answering(single).outputs([unknownOutpoint]))).message).toMatch(
      /not a JSON-RPC batch/,
    );
    expect((await failure(answering("[]").outputs([unknownOutpoint]))).message).toMatch(/lacks call 1/);
  });
});

describe("bitcoind adapter: failures", () => {
  it.each([
    ["a refused password (401, empty body)", "unauthorized", "unauthorized"],
    ["a full work queue (503, text)", "workQueueFull", "unavailable"],
    ["a node loading its block index (-28)", "inWarmup", "unavailable"],
    ["an unknown method (404, -32601)", "methodNotFound", "invalid-response"],
  ] as const)("maps %s to %s", async (_, special, expected) => {
    const { chain } = backend({ getblockchaininfo: specialRpc(special) });
    expect((await failure(chain.tip())).failure).toBe(expected);
  });

  it("refuses a result of another shape as invalid-response", async () => {
    const odd = edited("getblockchaininfo", [], (info) => {
      info.blocks = "102";
    });
    const error = await failure(backend({ getblockchaininfo: odd }).chain.tip());
    expect(error.failure).toBe("invalid-response");
    expect(error.message).toMatch(/^getblockchaininfo: unexpected result \(blocks: /);
  });

  it("reads the addresses of the recorded chain the way the bank derives them", async () => {
    const block = await backend().chain.block(hashes.block101);
    expect(block.transactions.flatMap((tx) => tx.outputs.map((o) => o.address))).toEqual([
      addresses.miner,
      null,
      addresses.customerA,
      addresses.change0,
    ]);
  });
});
