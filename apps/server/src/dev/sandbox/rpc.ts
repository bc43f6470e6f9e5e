import type { JsonRpcTransport } from "../../bitcoin/chain/json-rpc.js";
import { SandboxRefusal } from "../../bitcoin/chain/sandbox-controls.js";
import { RPC_ERROR } from "./rpc-errors.js";
import {
  btc,
  describeChainTransaction,
  describeHeader,
  describeScript,
  REGTEST_DIFFICULTY,
  unixTime,
} from "./rpc-shapes.js";
import type { SandboxChainTransaction, SandboxNode } from "./sandbox-node.js";

// The sandbox node's JSON-RPC face: the calls the bitcoind adapter makes (bitcoin/chain/bitcoind.ts),
// answered in Bitcoin Core's shapes and with its error codes and HTTP statuses, so that the adapter a
// production node uses is the one the sandbox, and every end-to-end test, drives.

/** The sandbox's fee estimate: 2 sat/vB, as BTC per kvB. */
const FEE_RATE_BTC_PER_KVB = 0.00002;
const METHOD_NOT_FOUND = -32601;
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const MISC_ERROR = -1;

type RpcAnswer = { status: number; body: string };

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 500,
  ) {
    super(message);
  }
}

const hashPattern = /^[0-9a-f]{64}$/;

function hashParam(value: unknown, name: string): string {
  if (typeof value !== "string" || !hashPattern.test(value)) {
    throw new RpcFailure(
      RPC_ERROR.INVALID_PARAMETER,
      `${name} must be of length 64 (not ${String(value).length}, for '${String(value)}')`,
    );
  }
  return value;
}

function intParam(value: unknown, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RpcFailure(MISC_ERROR, "JSON value is not an integer as expected");
  }
  return value;
}

type Handler = (node: SandboxNode, params: readonly unknown[]) => Promise<unknown>;

const handlers: Record<string, Handler> = {
  async getblockchaininfo(node) {
    const tip = await node.tip();
    return {
      chain: "regtest",
      blocks: tip.height,
      headers: tip.height,
      bestblockhash: tip.hash,
      difficulty: REGTEST_DIFFICULTY,
      time: unixTime(tip.time),
      mediantime: unixTime(tip.time),
      verificationprogress: 1,
      initialblockdownload: false,
      pruned: false,
      warnings: "",
    };
  },

  async getblockcount(node) {
    return (await node.tip()).height;
  },

  async getbestblockhash(node) {
    return (await node.tip()).hash;
  },

  async getblockhash(node, [height]) {
    const block = await node.blockAt(intParam(height));
    if (block === undefined) throw new RpcFailure(RPC_ERROR.INVALID_PARAMETER, "Block height out of range");
    return block.hash;
  },

  async getblockheader(node, [hash]) {
    const block = await node.block(hashParam(hash, "hash"));
    if (block === undefined) throw new RpcFailure(RPC_ERROR.INVALID_ADDRESS_OR_KEY, "Block not found");
    const [tip, next] = await Promise.all([node.tip(), node.blockAt(block.block.height + 1)]);
    return { ...describeHeader(block.block, tip.height, next), nTx: block.transactions.length };
  },

  async getblock(node, [hash, verbosity]) {
    const found = await node.block(hashParam(hash, "blockhash"));
    if (found === undefined) throw new RpcFailure(RPC_ERROR.INVALID_ADDRESS_OR_KEY, "Block not found");
    const level = intParam(verbosity, 1);
    const { block, transactions } = found;
    if (level === 0) {
      const count = Buffer.alloc(9);
      const length = writeCompactSize(count, transactions.length);
      return (
        block.header + count.subarray(0, length).toString("hex") + transactions.map((tx) => tx.hex).join("")
      );
    }
    const [tip, next] = await Promise.all([node.tip(), node.blockAt(block.height + 1)]);
    const described = transactions.map(describeChainTransaction);
    const size = 80 + described.reduce((sum, tx) => sum + tx.size, 1);
    const weight = 320 + described.reduce((sum, tx) => sum + tx.weight, 4);
    return {
      ...describeHeader(block, tip.height, next),
      nTx: transactions.length,
      strippedsize: Math.floor((weight - size) / 3),
      size,
      weight,
      tx: level === 1 ? transactions.map((tx) => tx.txid) : described,
    };
  },

  async getrawmempool(node) {
    return (await node.mempool()).map((row) => row.txid);
  },

  async getrawtransaction(node, [txid, verbose]) {
    const found: SandboxChainTransaction | undefined = await node.chainTransaction(
      hashParam(txid, "parameter 1"),
    );
    if (found === undefined) {
      throw new RpcFailure(
        RPC_ERROR.INVALID_ADDRESS_OR_KEY,
        "No such mempool or blockchain transaction. Use gettransaction for wallet transactions.",
      );
    }
    if (verbose !== true && verbose !== 1 && verbose !== 2) return found.row.hex;
    const { fee: _fee, ...described } = describeChainTransaction(found.row);
    if (found.block === undefined) return described;
    return {
      ...described,
      blockhash: found.block.hash,
      confirmations: found.confirmations,
      time: unixTime(found.block.time),
      blocktime: unixTime(found.block.time),
    };
  },

  async sendrawtransaction(node, [hex]) {
    if (typeof hex !== "string") throw new RpcFailure(MISC_ERROR, "JSON value is not a string as expected");
    return node.accept(hex);
  },

  async gettxout(node, [txid, vout, includeMempool]) {
    const found = await node.output(hashParam(txid, "txid"), intParam(vout));
    if (found === undefined) return null;
    const mempool = includeMempool === undefined ? true : includeMempool === true;
    // Outputs of mempool transactions are seen only with the mempool; outputs a mempool transaction
    // spends are in the UTXO set only without it; outputs spent in a block are in neither.
    if (found.blockHeight === null && !mempool) return null;
    if (found.spender !== null && (found.spender.inBlock || mempool)) return null;
    const tip = await node.tip();
    return {
      bestblock: tip.hash,
      confirmations: found.blockHeight === null ? 0 : tip.height - found.blockHeight + 1,
      value: btc(found.valueSats),
      scriptPubKey: describeScript(found.script),
      coinbase: found.coinbase,
    };
  },

  async estimatesmartfee(_node, [target]) {
    const blocks = intParam(target);
    if (blocks < 1 || blocks > 1008) {
      throw new RpcFailure(RPC_ERROR.INVALID_PARAMETER, "Invalid conf_target, must be between 1 and 1008");
    }
    return { feerate: FEE_RATE_BTC_PER_KVB, blocks };
  },
};

function writeCompactSize(buffer: Buffer, value: number): number {
  if (value < 0xfd) {
    buffer.writeUInt8(value, 0);
    return 1;
  }
  if (value <= 0xffff) {
    buffer.writeUInt8(0xfd, 0);
    buffer.writeUInt16LE(value, 1);
    return 3;
  }
  buffer.writeUInt8(0xfe, 0);
  buffer.writeUInt32LE(value, 1);
  return 5;
}

function reply(
  status: number,
  id: unknown,
  result: unknown,
  error: { code: number; message: string } | null,
): RpcAnswer {
  return { status, body: JSON.stringify({ result: error === null ? result : null, error, id: id ?? null }) };
}

/**
 * A JSON-RPC transport that the sandbox node answers in-process: the request's JSON text in, Bitcoin
 * Core's reply out (200 with the result; 500 with the error object; 404 for an unknown method). A batch
 * (an array of requests) is answered as Bitcoin Core does: 200, and one reply object per request.
 */
export function sandboxRpcTransport(node: SandboxNode): JsonRpcTransport {
  return async (body) => {
    let request: unknown;
    try {
      request = JSON.parse(body);
    } catch {
      return reply(500, null, null, { code: PARSE_ERROR, message: "Parse error" });
    }
    if (Array.isArray(request)) {
      const replies = [];
      for (const one of request) replies.push(JSON.parse((await answer(node, one)).body));
      return { status: 200, body: JSON.stringify(replies) };
    }
    return answer(node, request);
  };
}

/** One request's reply. */
async function answer(node: SandboxNode, request: unknown): Promise<RpcAnswer> {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    return reply(400, null, null, { code: INVALID_REQUEST, message: "Invalid Request object" });
  }
  const { id, method, params = [] } = request as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof method !== "string" || !Array.isArray(params)) {
    return reply(400, id, null, { code: INVALID_REQUEST, message: "Invalid Request object" });
  }
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (handler === undefined)
    return reply(404, id, null, { code: METHOD_NOT_FOUND, message: "Method not found" });
  try {
    return reply(200, id, await handler(node, params), null);
  } catch (error) {
    if (error instanceof RpcFailure)
      return reply(error.status, id, null, { code: error.code, message: error.message });
    if (error instanceof SandboxRefusal)
      return reply(500, id, null, { code: error.code, message: error.message });
    throw error;
  }
}
