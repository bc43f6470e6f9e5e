// The ChainBackend over Bitcoin Core's JSON-RPC. Amounts come from each transaction's raw hex (never
// from the JSON's BTC floats). Transactions that are not in the mempool are found through the node's
// transaction index: run the node with -txindex=1.
import { z } from "zod";
import type { BitcoinNetwork } from "../network.js";
import { classifyBroadcastError, isMissingInputs, txidOf } from "./broadcast-rejection.js";
import {
  type ChainBackend,
  ChainBackendError,
  type ChainBlock,
  type ChainTransaction,
  type ChainTransactionStatus,
  type Outpoint,
  type OutputState,
} from "./chain-backend.js";
import { decodeTransaction } from "./decode-transaction.js";
import { toFeeRate } from "./fee-rate.js";
import {
  type BatchAnswer,
  type JsonRpcTransport,
  jsonRpcClient,
  rpcErrorCodes as RPC,
  RpcError,
} from "./json-rpc.js";
import { btcToSats, hashSchema, heightSchema, hexSchema, isHash } from "./validate.js";

export interface BitcoindBackendOptions {
  transport: JsonRpcTransport;
  network: BitcoinNetwork;
}

/** The `chain` names getblockchaininfo reports for each network. */
const chainNames: Record<BitcoinNetwork, readonly string[]> = {
  mainnet: ["main"],
  testnet: ["test", "testnet4"],
  signet: ["signet"],
  regtest: ["regtest"],
};

const blockchainInfoSchema = z.object({ chain: z.string(), blocks: heightSchema, bestblockhash: hashSchema });
const blockSchema = z.object({
  hash: hashSchema,
  height: heightSchema,
  time: z.number().int(),
  previousblockhash: hashSchema.optional(),
  nTx: z.number().int().positive(),
  tx: z.array(z.object({ txid: hashSchema, hex: hexSchema })),
});
const rawTransactionSchema = z.object({
  txid: hashSchema,
  hex: hexSchema,
  blockhash: hashSchema.optional(),
  confirmations: z.number().int().nonnegative().optional(),
});
const blockHeaderSchema = z.object({ hash: hashSchema, height: heightSchema });
const feeEstimateSchema = z.object({
  feerate: z.number().nonnegative().optional(),
  errors: z.array(z.string()).optional(),
  blocks: z.number().int(),
});

/** gettxout: the output as the UTXO set holds it, or null when it is not there. */
const txOutSchema = z
  .object({
    bestblock: hashSchema,
    confirmations: z.number().int().nonnegative(),
    value: z.number().nonnegative(),
    scriptPubKey: z.object({ hex: hexSchema }),
    coinbase: z.boolean(),
  })
  .nullable();
type TxOut = z.infer<typeof txOutSchema>;

const ZERO_HASH = "0".repeat(64);
/** gettxout calls sent in one JSON-RPC batch (one HTTP request). */
const OUTPUTS_PER_BATCH = 500;
// Estimate targets Bitcoin Core accepts (estimatesmartfee refuses others with -8).
const MAX_TARGET = 1008;

export function bitcoindBackend({ transport, network }: BitcoindBackendOptions): ChainBackend {
  const rpc = jsonRpcClient(transport);

  async function call<T>(method: string, params: readonly unknown[], result: z.ZodType<T>): Promise<T> {
    try {
      return await rpc.call(method, params, result);
    } catch (error) {
      throw backendError(error);
    }
  }

  /** A call for something that may not exist: null when the node answers the RPC error `absent`. */
  async function lookup<T>(method: string, params: readonly unknown[], result: z.ZodType<T>, absent: number) {
    try {
      return await rpc.call(method, params, result);
    } catch (error) {
      if (error instanceof RpcError && error.code === absent) return null;
      throw backendError(error);
    }
  }

  async function rawTransaction(txid: string) {
    if (!isHash(txid)) return null;
    const raw = await lookup(
      "getrawtransaction",
      [txid, true],
      rawTransactionSchema,
      RPC.invalidAddressOrKey,
    );
    if (raw !== null && raw.txid !== txid) throw invalid(`getrawtransaction: asked ${txid}, got ${raw.txid}`);
    return raw;
  }

  async function transactionStatus(txid: string): Promise<ChainTransactionStatus | null> {
    const raw = await rawTransaction(txid);
    if (raw === null) return null;
    if (raw.blockhash === undefined) return { confirmations: 0, blockHash: null, blockHeight: null };
    // A block hash with 0 confirmations: a block that left the best chain, and the transaction is not
    // back in the mempool (the node looks there first).
    if (!raw.confirmations) return null;
    const header = await call("getblockheader", [raw.blockhash, true], blockHeaderSchema);
    return { confirmations: raw.confirmations, blockHash: raw.blockhash, blockHeight: header.height };
  }

  /**
   * gettxout for every outpoint, in batches of OUTPUTS_PER_BATCH calls: null where the output is not in
   * the UTXO set (with `mempool`, an output a mempool transaction spends is not; without, it still is).
   */
  async function txOuts(outpoints: readonly Outpoint[], mempool: boolean) {
    const answers: TxOut[] = [];
    for (let start = 0; start < outpoints.length; start += OUTPUTS_PER_BATCH) {
      const chunk = outpoints.slice(start, start + OUTPUTS_PER_BATCH);
      let batch: BatchAnswer<TxOut>[];
      try {
        batch = await rpc.batch(
          "gettxout",
          chunk.map(({ txid, vout }) => [txid, vout, mempool]),
          txOutSchema,
        );
      } catch (error) {
        throw backendError(error);
      }
      for (const answer of batch) {
        if (!answer.ok) throw backendError(answer.error);
        answers.push(answer.result);
      }
    }
    return answers;
  }

  /**
   * The outputs' states: gettxout with the mempool; for those it does not find, gettxout without the
   * mempool tells an output a waiting transaction spends (still in the chain's UTXO set) from one spent in
   * a block or never on the best chain (Bitcoin Core keeps no index of spends to say which).
   */
  async function outputs(outpoints: readonly Outpoint[]): Promise<OutputState[]> {
    // A malformed outpoint names nothing on the chain: it is not asked.
    const asked = outpoints.filter(
      ({ txid, vout }) => isHash(txid) && Number.isSafeInteger(vout) && vout >= 0,
    );
    const found = await txOuts(asked, true);
    const missing = asked.filter((_, i) => found[i] === null);
    const inChain = await txOuts(missing, false);
    const states = new Map<Outpoint, OutputState>();
    asked.forEach((outpoint, i) => {
      const out = found[i];
      if (out) {
        const valueSats = btcToSats(out.value);
        states.set(outpoint, { state: "unspent", valueSats, confirmations: out.confirmations });
      }
    });
    missing.forEach((outpoint, i) => {
      states.set(outpoint, inChain[i] ? { state: "spent", spentBy: null } : { state: "unknown" });
    });
    return outpoints.map((outpoint) => states.get(outpoint) ?? { state: "unknown" });
  }

  return {
    name: "bitcoind",

    async tip() {
      const info = await call("getblockchaininfo", [], blockchainInfoSchema);
      if (!chainNames[network].includes(info.chain)) {
        throw invalid(`The node follows the ${info.chain} chain, not ${network}`);
      }
      return { height: info.blocks, hash: info.bestblockhash };
    },

    async blockHash(height) {
      if (!Number.isSafeInteger(height) || height < 0) throw notFound(`No block at height ${height}`);
      const hash = await lookup("getblockhash", [height], hashSchema, RPC.invalidParameter);
      if (hash === null) throw notFound(`No block at height ${height}`);
      return hash;
    },

    async block(hash): Promise<ChainBlock> {
      if (!isHash(hash)) throw notFound(`No block ${hash}`);
      const block = await lookup("getblock", [hash, 2], blockSchema, RPC.invalidAddressOrKey);
      if (block === null) throw notFound(`No block ${hash}`);
      if (block.hash !== hash) throw invalid(`getblock: asked ${hash}, got ${block.hash}`);
      if (block.tx.length !== block.nTx)
        throw invalid(`getblock: ${block.nTx} transactions announced, ${block.tx.length} listed`);
      if (block.previousblockhash === undefined && block.height !== 0)
        throw invalid("getblock: no previous block hash");
      const transactions = block.tx.map((tx): ChainTransaction => {
        const decoded = decodeTransaction(tx.hex, network);
        if (decoded.txid !== tx.txid)
          throw invalid(`getblock: transaction ${tx.txid} decodes as ${decoded.txid}`);
        return decoded;
      });
      return {
        height: block.height,
        hash: block.hash,
        previousHash: block.previousblockhash ?? ZERO_HASH,
        time: new Date(block.time * 1000),
        transactions,
      };
    },

    mempoolTxids() {
      return call("getrawmempool", [], z.array(hashSchema));
    },

    async transaction(txid) {
      const raw = await rawTransaction(txid);
      if (raw === null) return null;
      const decoded = decodeTransaction(raw.hex, network);
      if (decoded.txid !== txid) throw invalid(`getrawtransaction: ${txid} decodes as ${decoded.txid}`);
      return decoded;
    },

    transactionStatus,

    outputs,

    async broadcast(hex) {
      const txid = txidOf(hex, network);
      let answered: string;
      try {
        answered = await rpc.call("sendrawtransaction", [hex], hashSchema);
      } catch (error) {
        if (!(error instanceof RpcError) || isUnavailable(error)) throw backendError(error);
        const outcome = classifyBroadcastError(error.code, error.rpcMessage);
        if (outcome === "accepted") return txid;
        if (isMissingInputs(outcome) && (await transactionStatus(txid)) !== null) return txid;
        throw outcome;
      }
      if (answered !== txid) throw invalid(`sendrawtransaction: sent ${txid}, the node answered ${answered}`);
      return txid;
    },

    async feeRate(targetBlocks) {
      const target = Math.min(MAX_TARGET, Math.max(1, Math.ceil(targetBlocks)));
      const estimate = await call("estimatesmartfee", [target], feeEstimateSchema);
      // BTC per 1000 vbytes; absent (with `errors`) when the node has seen too few blocks to estimate.
      return toFeeRate(estimate.feerate === undefined ? undefined : estimate.feerate * 100_000);
    },
  };
}

const notFound = (message: string) => new ChainBackendError("not-found", message);
const invalid = (message: string) => new ChainBackendError("invalid-response", message);

/** Errors of a node that is starting, catching up or without peers: waiting helps. */
function isUnavailable(error: RpcError): boolean {
  return (
    error.code === RPC.inWarmup ||
    error.code === RPC.clientInInitialDownload ||
    error.code === RPC.clientNotConnected
  );
}

/** Any failure of a call as the interface's error: an RPC error nobody expected becomes a ChainBackendError. */
function backendError(error: unknown): unknown {
  if (!(error instanceof RpcError)) return error;
  return new ChainBackendError(isUnavailable(error) ? "unavailable" : "invalid-response", error.message);
}
