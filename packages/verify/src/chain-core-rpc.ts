import { httpTarget, isHash, isHeight, isHex } from "./chain-http.js";
import { jsonRpcClient } from "./chain-json-rpc.js";
import {
  ChainReadError,
  type ChainReader,
  type CoinOnChain,
  type CoinSpend,
  type Outpoint,
} from "./chain-reader.js";

// Bitcoin Core's JSON-RPC (and the Satsbank sandbox's, which answers in its shapes). Core keeps the
// current set of unspent coins, not their history:
// - a coin still unspent: gettxout gives its value, script and confirmations (so the block it was made in);
// - a coin gone from that set: getrawtransaction (verbose; needs -txindex) tells where it was made, its value
//   and script, and the blocks after the stated one are read (getblock, verbosity 2) for its spend. Found
//   there, it was unspent at the stated block; not found in any block up to the tip, it was spent at or
//   before it. At most `scanBlocks` blocks are read: past that the verifier says it cannot tell.
// Calls are sent in JSON-RPC batches (Core answers a batch with 200 and one reply per call).

/** How many blocks after the stated one are read for the spends of coins gone from the UTXO set (a week). */
export const CORE_SCAN_BLOCKS = 1008;
/** Blocks per batch of getblock (a mainnet block of verbosity 2 is megabytes of JSON). */
const BATCH_BLOCKS = 8;
const MAX_BTC = 21_000_000;

const RPC_INVALID_ADDRESS_OR_KEY = -5;
const RPC_INVALID_PARAMETER = -8;

type CoreOptions = { name?: string; scanBlocks?: number };

/** A JSON number of BTC as satoshis (8 decimals exactly, as Core prints them). */
function satsOf(btc: unknown): bigint | null {
  if (typeof btc !== "number" || !Number.isFinite(btc) || btc < 0 || btc > MAX_BTC) return null;
  return BigInt(btc.toFixed(8).replace(".", ""));
}

export function coreRpcReader(url: URL, fetchImpl: typeof fetch, options: CoreOptions = {}): ChainReader {
  const target = httpTarget(url);
  const name = options.name ?? `Bitcoin Core's JSON-RPC at ${target.shown}`;
  const scanBlocks = options.scanBlocks ?? CORE_SCAN_BLOCKS;
  const rpc = jsonRpcClient(target, fetchImpl, name);
  const { batch, batches, resultOf } = rpc;

  /** The heights of blocks by hash (getblockheader). */
  async function heightsOf(hashes: Iterable<string>): Promise<Map<string, number>> {
    const list = [...new Set(hashes)];
    const replies = await batches(list.map((hash) => ({ method: "getblockheader", params: [hash, true] })));
    return new Map(
      list.map((hash, i) => {
        const height = (resultOf(replies[i], "getblockheader") as { height?: unknown } | null)?.height;
        if (!isHeight(height)) throw new ChainReadError(`${name} answered getblockheader with no height`);
        return [hash, height];
      }),
    );
  }

  type Made =
    | { kind: "found"; madeAt: number | null; outputs: { valueSats: bigint; script: string }[] }
    | { kind: "absent" | "unknown"; why: string };

  /** Where each transaction was made, and its outputs (getrawtransaction verbose, which needs -txindex). */
  async function madeOf(txids: readonly string[]): Promise<Map<string, Made>> {
    const list = [...new Set(txids)];
    const replies = await batches(
      list.map((txid) => ({ method: "getrawtransaction", params: [txid, true] })),
    );
    const made = new Map<string, Made>();
    const blocks: string[] = [];
    const found: {
      txid: string;
      blockhash: string | null;
      outputs: { valueSats: bigint; script: string }[];
    }[] = [];
    list.forEach((txid, i) => {
      const reply = replies[i];
      if (reply?.ok === false && reply.code === RPC_INVALID_ADDRESS_OR_KEY) {
        // Without -txindex Core finds only mempool transactions, and says so in its message.
        made.set(
          txid,
          reply.message.includes("-txindex")
            ? {
                kind: "unknown",
                why: "it is spent now, and this node keeps no transaction index (start it with -txindex) to tell where it was made",
              }
            : { kind: "absent", why: `${name} knows no transaction ${txid}` },
        );
        return;
      }
      const tx = resultOf(reply, "getrawtransaction") as {
        blockhash?: unknown;
        vout?: { value?: unknown; scriptPubKey?: { hex?: unknown } }[];
      } | null;
      if (!Array.isArray(tx?.vout))
        throw new ChainReadError(`${name} answered getrawtransaction with no outputs`);
      const outputs = tx.vout.map((out) => {
        const valueSats = satsOf(out.value);
        const script = out.scriptPubKey?.hex;
        if (valueSats === null || !isHex(script))
          throw new ChainReadError(`${name} answered getrawtransaction with an output of no value or script`);
        return { valueSats, script };
      });
      const blockhash = isHash(tx.blockhash) ? tx.blockhash : null;
      if (blockhash !== null) blocks.push(blockhash);
      found.push({ txid, blockhash, outputs });
    });
    const heights = await heightsOf(blocks);
    for (const { txid, blockhash, outputs } of found) {
      made.set(txid, {
        kind: "found",
        madeAt: blockhash === null ? null : (heights.get(blockhash) as number),
        outputs,
      });
    }
    return made;
  }

  /**
   * Where each coin was spent, reading the blocks from `height` + 1 up to `tip` (at most scanBlocks of
   * them), each coin known to be gone from the UTXO set by `tip`.
   */
  async function spendsAfter(
    coins: readonly Outpoint[],
    height: number,
    tip: number,
  ): Promise<Map<string, CoinSpend>> {
    const wanted = new Set(coins.map((coin) => `${coin.txid}:${coin.vout}`));
    const spends = new Map<string, CoinSpend>();
    const last = Math.min(tip, height + scanBlocks);
    for (let from = height + 1; from <= last && spends.size < wanted.size; from += BATCH_BLOCKS) {
      const heights = Array.from({ length: Math.min(BATCH_BLOCKS, last - from + 1) }, (_, k) => from + k);
      const hashReplies = await batch(heights.map((h) => ({ method: "getblockhash", params: [h] })));
      const hashes = hashReplies.map((reply) => {
        const hash = resultOf(reply, "getblockhash");
        if (!isHash(hash)) throw new ChainReadError(`${name} answered getblockhash with no hash`);
        return hash;
      });
      const blocks = await batch(hashes.map((hash) => ({ method: "getblock", params: [hash, 2] })));
      blocks.forEach((reply, k) => {
        const block = resultOf(reply, "getblock") as {
          tx?: { vin?: { txid?: unknown; vout?: unknown }[] }[];
        } | null;
        if (!Array.isArray(block?.tx))
          throw new ChainReadError(`${name} answered getblock with no transactions`);
        for (const tx of block.tx) {
          for (const input of tx.vin ?? []) {
            const spent = `${String(input.txid)}:${String(input.vout)}`;
            if (wanted.has(spent) && !spends.has(spent))
              spends.set(spent, { kind: "spentAt", height: heights[k] as number });
          }
        }
      });
    }
    for (const key of wanted) {
      if (spends.has(key)) continue;
      spends.set(
        key,
        last === tip
          ? { kind: "spentAtOrBefore", height }
          : {
              kind: "unknown",
              why: `it is spent now, and not in blocks ${height + 1} to ${last}: the verifier reads at most ${scanBlocks} blocks after the stated one (the tip is ${tip})`,
            },
      );
    }
    return spends;
  }

  return {
    name,

    async blockHash(height) {
      const [reply] = await batch([{ method: "getblockhash", params: [height] }]);
      if (reply?.ok === false && reply.code === RPC_INVALID_PARAMETER) return null;
      const hash = resultOf(reply, "getblockhash");
      if (!isHash(hash)) throw new ChainReadError(`${name} answered getblockhash with no hash`);
      return hash;
    },

    async coins(outpoints, height) {
      const answers: (CoinOnChain | undefined)[] = new Array(outpoints.length);
      // The tip is asked last: every coin gone from the UTXO set was spent in a block at or below it.
      const replies = await batches([
        ...outpoints.map((coin) => ({ method: "gettxout", params: [coin.txid, coin.vout, false] })),
        { method: "getblockcount", params: [] },
      ]);
      const tip = resultOf(replies[outpoints.length], "getblockcount");
      if (!isHeight(tip)) throw new ChainReadError(`${name} answered getblockcount with no height`);

      type Unspent = { bestblock: string; confirmations: number; valueSats: bigint; script: string };
      const unspent = outpoints.map((_, i): Unspent | null => {
        const out = resultOf(replies[i], "gettxout") as {
          bestblock?: unknown;
          confirmations?: unknown;
          value?: unknown;
          scriptPubKey?: { hex?: unknown };
        } | null;
        if (out === null) return null;
        const valueSats = satsOf(out.value);
        const script = out.scriptPubKey?.hex;
        if (!isHash(out.bestblock) || !isHeight(out.confirmations) || valueSats === null || !isHex(script))
          throw new ChainReadError(`${name} answered gettxout with no coin`);
        return { bestblock: out.bestblock, confirmations: out.confirmations, valueSats, script };
      });
      const bestHeights = await heightsOf(unspent.flatMap((out) => (out === null ? [] : [out.bestblock])));
      unspent.forEach((out, i) => {
        if (out === null) return;
        const madeAt = (bestHeights.get(out.bestblock) as number) - out.confirmations + 1;
        answers[i] = {
          kind: "found",
          madeAt,
          valueSats: out.valueSats,
          script: out.script,
          spend: { kind: "unspent" },
        };
      });

      const gone = outpoints.flatMap((coin, i) => (unspent[i] === null ? [{ coin, i }] : []));
      const made = await madeOf(gone.map(({ coin }) => coin.txid));
      const toScan: { coin: Outpoint; i: number }[] = [];
      for (const { coin, i } of gone) {
        const tx = made.get(coin.txid);
        if (tx === undefined) continue;
        if (tx.kind !== "found") {
          answers[i] = tx;
          continue;
        }
        const output = tx.outputs[coin.vout];
        if (output === undefined) {
          answers[i] = { kind: "absent", why: `its transaction has ${tx.outputs.length} outputs` };
          continue;
        }
        answers[i] = { kind: "found", madeAt: tx.madeAt, ...output, spend: { kind: "unspent" } };
        // Made after the stated block, it fails whatever its spend; else its spend is looked for.
        if (tx.madeAt !== null && tx.madeAt <= height) toScan.push({ coin, i });
      }
      const spends = await spendsAfter(
        toScan.map(({ coin }) => coin),
        height,
        tip,
      );
      for (const { coin, i } of toScan) {
        const answer = answers[i];
        if (answer?.kind === "found") answer.spend = spends.get(`${coin.txid}:${coin.vout}`) as CoinSpend;
      }
      return answers.map((answer) => {
        if (answer === undefined) throw new ChainReadError(`${name} left a coin unanswered`);
        return answer;
      });
    },
  };
}
