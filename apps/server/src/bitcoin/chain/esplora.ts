// The ChainBackend over the Esplora REST API (Blockstream's electrs, mempool.space and compatible
// servers; API.md of Blockstream/esplora). Blocks are read raw and split here, so every amount comes
// from the serialised transactions.
import { z } from "zod";
import type { BitcoinNetwork } from "../network.js";
import { classifyBroadcastError, isMissingInputs, txidOf } from "./broadcast-rejection.js";
import {
  type ChainBackend,
  ChainBackendError,
  type ChainTransactionStatus,
  type Outpoint,
  type OutputState,
} from "./chain-backend.js";
import { decodeTransaction } from "./decode-transaction.js";
import { toFeeRate } from "./fee-rate.js";
import { statusFailure, unreachable } from "./http-failure.js";
import { parseRawBlock } from "./raw-block.js";
import { describeIssue, hashSchema, heightSchema, hexSchema, isHash, parseJson } from "./validate.js";

export interface EsploraBackendOptions {
  /** The API root, e.g. https://blockstream.info/testnet/api or http://127.0.0.1:3002. */
  baseUrl: string;
  network: BitcoinNetwork;
  fetch?: typeof fetch;
  timeoutMs: number;
}

const blockInfoSchema = z.object({
  id: hashSchema,
  height: heightSchema,
  timestamp: z.number().int(),
  tx_count: z.number().int().positive(),
  previousblockhash: hashSchema.nullish(),
});
const statusSchema = z.discriminatedUnion("confirmed", [
  z.object({ confirmed: z.literal(true), block_height: heightSchema, block_hash: hashSchema }),
  z.object({ confirmed: z.literal(false) }),
]);
/** GET /tx/:txid, the parts the outputs need: each output's value (integer satoshis) and where it is. */
const transactionInfoSchema = z.object({
  txid: hashSchema,
  vout: z.array(z.object({ value: z.number().int().nonnegative() })),
  status: statusSchema,
});
/** GET /tx/:txid/outspends: for each output, whether a transaction (mempool or block) spends it. */
const outspendsSchema = z.array(
  z.discriminatedUnion("spent", [
    z.object({ spent: z.literal(true), txid: hashSchema }),
    z.object({ spent: z.literal(false) }),
  ]),
);
const tipHeightSchema = z.string().regex(/^\d+$/).transform(Number).pipe(heightSchema);
const feeEstimatesSchema = z.record(z.string().regex(/^\d+$/), z.number().nonnegative());

export function esploraBackend(options: EsploraBackendOptions): ChainBackend {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? fetch;
  const { network, timeoutMs } = options;

  async function request(path: string, post?: string): Promise<{ status: number; body: Buffer }> {
    const where = `${post === undefined ? "GET" : "POST"} ${path}`;
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method: post === undefined ? "GET" : "POST",
        headers: post === undefined ? undefined : { "content-type": "text/plain" },
        body: post,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    } catch (error) {
      throw unreachable(error, `Esplora ${where}`, timeoutMs);
    }
  }

  /** The body of a 200 answer, null for a 404; any other status throws. */
  async function get(path: string): Promise<Buffer | null> {
    const { status, body } = await request(path);
    if (status === 404) return null;
    if (status !== 200) throw statusFailure(status, `Esplora GET ${path}`);
    return body;
  }

  async function getText<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const body = await get(path);
    return body === null ? null : check(path, schema, body.toString("utf8").trim());
  }

  async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const body = await get(path);
    if (body === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      throw invalid(`GET ${path}: not JSON`);
    }
    return check(path, schema, value);
  }

  /** For a path that exists whenever the backend works (a 404 there is a broken backend). */
  function required<T>(path: string, value: T | null): T {
    if (value === null) throw invalid(`GET ${path}: HTTP 404`);
    return value;
  }

  async function transactionStatus(txid: string): Promise<ChainTransactionStatus | null> {
    if (!isHash(txid)) return null;
    const status = await getJson(`/tx/${txid}/status`, statusSchema);
    if (status === null) return null;
    if (status.confirmed) {
      const tip = required("/blocks/tip/height", await getText("/blocks/tip/height", tipHeightSchema));
      // The tip is read after the status: at least the block that holds the transaction.
      const confirmations = Math.max(1, tip - status.block_height + 1);
      return { confirmations, blockHash: status.block_hash, blockHeight: status.block_height };
    }
    // electrs answers {"confirmed":false} for a txid it never saw too: only the transaction tells.
    return (await get(`/tx/${txid}/hex`)) === null
      ? null
      : { confirmations: 0, blockHash: null, blockHeight: null };
  }

  /**
   * Each output's state from two reads per transaction (GET /tx/:txid for the values and its block, GET
   * /tx/:txid/outspends for every output's spend at once), and the tip once for the confirmations.
   */
  async function outputs(outpoints: readonly Outpoint[]): Promise<OutputState[]> {
    const txids = [...new Set(outpoints.map((o) => o.txid).filter(isHash))];
    if (txids.length === 0) return outpoints.map(() => ({ state: "unknown" }));
    const tip = required("/blocks/tip/height", await getText("/blocks/tip/height", tipHeightSchema));
    const known = new Map<
      string,
      { info: z.infer<typeof transactionInfoSchema>; spends: z.infer<typeof outspendsSchema> }
    >();
    for (const txid of txids) {
      const info = await getJson(`/tx/${txid}`, transactionInfoSchema);
      if (info === null) continue;
      if (info.txid !== txid) throw invalid(`GET /tx/${txid}: the transaction ${info.txid}`);
      const spends = required(
        `/tx/${txid}/outspends`,
        await getJson(`/tx/${txid}/outspends`, outspendsSchema),
      );
      known.set(txid, { info, spends });
    }
    return outpoints.map(({ txid, vout }): OutputState => {
      const found = known.get(txid);
      const output = found?.info.vout[vout];
      if (found === undefined || output === undefined) return { state: "unknown" };
      const spend = found.spends[vout];
      if (spend?.spent) return { state: "spent", spentBy: spend.txid };
      const status = found.info.status;
      // The tip was read first: a block found since counts as the tip's.
      const confirmations = status.confirmed ? Math.max(1, tip - status.block_height + 1) : 0;
      return { state: "unspent", valueSats: BigInt(output.value), confirmations };
    });
  }

  return {
    name: "esplora",

    async tip() {
      // The hash, then its block's height: two reads that cannot straddle a new block.
      const hash = required("/blocks/tip/hash", await getText("/blocks/tip/hash", hashSchema));
      const block = await getJson(`/block/${hash}`, blockInfoSchema);
      // Gone already: a reorganisation between the two reads. Asking again will do.
      if (block === null)
        throw new ChainBackendError("unavailable", `Esplora: the tip ${hash} left the chain`);
      return { height: block.height, hash };
    },

    async blockHash(height) {
      if (!Number.isSafeInteger(height) || height < 0) throw notFound(`No block at height ${height}`);
      const hash = await getText(`/block-height/${height}`, hashSchema);
      if (hash === null) throw notFound(`No block at height ${height}`);
      return hash;
    },

    async block(hash) {
      if (!isHash(hash)) throw notFound(`No block ${hash}`);
      const info = await getJson(`/block/${hash}`, blockInfoSchema);
      const raw = info === null ? null : await get(`/block/${hash}/raw`);
      if (info === null || raw === null) throw notFound(`No block ${hash}`);
      const block = parseRawBlock(raw);
      if (block.hash !== hash || info.id !== hash)
        throw invalid(`GET /block/${hash}/raw: the block ${block.hash}`);
      if (block.transactions.length !== info.tx_count) {
        throw invalid(
          `GET /block/${hash}: ${info.tx_count} transactions announced, ${block.transactions.length} in the block`,
        );
      }
      return {
        height: info.height,
        hash,
        previousHash: block.previousHash,
        time: block.time,
        transactions: block.transactions.map((hex) => decodeTransaction(hex, network)),
      };
    },

    async mempoolTxids() {
      return required("/mempool/txids", await getJson("/mempool/txids", z.array(hashSchema)));
    },

    async transaction(txid) {
      if (!isHash(txid)) return null;
      const hex = await getText(`/tx/${txid}/hex`, hexSchema);
      if (hex === null) return null;
      const decoded = decodeTransaction(hex, network);
      if (decoded.txid !== txid) throw invalid(`GET /tx/${txid}/hex: the transaction ${decoded.txid}`);
      return decoded;
    },

    transactionStatus,

    outputs,

    async broadcast(hex) {
      const txid = txidOf(hex, network);
      const { status, body } = await request("/tx", hex);
      const text = body.toString("utf8").trim();
      if (status === 200) {
        if (text !== txid) throw invalid(`POST /tx: sent ${txid}, the backend answered another txid`);
        return txid;
      }
      // 400: the node behind Esplora refused it, with its error as the text.
      if (status !== 400) throw statusFailure(status, "Esplora POST /tx");
      const { code, message } = parseRejection(text);
      const outcome = classifyBroadcastError(code, message);
      if (outcome === "accepted") return txid;
      if (isMissingInputs(outcome) && (await transactionStatus(txid)) !== null) return txid;
      throw outcome;
    },

    async feeRate(targetBlocks) {
      const estimates = required("/fee-estimates", await getJson("/fee-estimates", feeEstimatesSchema));
      const targets = Object.keys(estimates)
        .map(Number)
        .sort((a, b) => a - b);
      // The nearest target no faster than asked; beyond the slowest one, the slowest one.
      const target = targets.find((t) => t >= targetBlocks) ?? targets.at(-1);
      return toFeeRate(target === undefined ? undefined : estimates[String(target)]);
    },
  };
}

/**
 * Esplora relays the node's error as text: `sendrawtransaction RPC error: {"code":-26,"message":"…"}`
 * (Blockstream's electrs; some forks print `sendrawtransaction RPC error -26: …`). Anything else is
 * kept whole, without a code.
 */
export function parseRejection(text: string): { code: number | null; message: string } {
  const json = /RPC error:\s*(\{.*\})\s*$/s.exec(text);
  if (json?.[1]) {
    const parsed = z.object({ code: z.number().int(), message: z.string() }).safeParse(parseJson(json[1]));
    if (parsed.success) return parsed.data;
  }
  const numbered = /RPC error (-?\d+):\s*(.*)$/s.exec(text);
  if (numbered?.[1] && numbered[2] !== undefined) return { code: Number(numbered[1]), message: numbered[2] };
  return { code: null, message: text };
}

function check<T>(path: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(`GET ${path}: unexpected answer (${describeIssue(parsed.error)})`);
  return parsed.data;
}

const notFound = (message: string) => new ChainBackendError("not-found", message);
const invalid = (message: string) => new ChainBackendError("invalid-response", `Esplora ${message}`);
