import {
  exchange,
  httpTarget,
  isHash,
  isHeight,
  isHex,
  isWhole,
  mapLimited,
  parseJson,
} from "./chain-http.js";
import {
  ChainReadError,
  type ChainReader,
  type CoinOnChain,
  type CoinSpend,
  type Outpoint,
} from "./chain-reader.js";

// An Esplora server's REST API (Blockstream's esplora, mempool.space; API.md of Blockstream/esplora): it
// indexes every transaction and every spend, so it tells where each coin was made and spent.
//   GET /block-height/:height       the best chain's block hash (text), 404 past the tip
//   GET /tx/:txid                   status.block_height, vout[n].value (sat), vout[n].scriptpubkey; 404
//   GET /tx/:txid/outspend/:vout    { spent, status: { confirmed, block_height } }

/** Requests in flight at once: public servers limit a client's rate. */
const IN_FLIGHT = 4;

type EsploraTx = { madeAt: number | null; outputs: { valueSats: bigint; script: string }[] };

export function esploraReader(root: URL, fetchImpl: typeof fetch): ChainReader {
  const target = httpTarget(root);
  const name = `Esplora at ${target.shown}`;
  const base = target.url.href.replace(/\/+$/, "");

  /** The body of GET `path`; null for a 404; a ChainReadError for any other failure. */
  async function get(path: string): Promise<string | null> {
    const url = new URL(`${base}${path}`);
    const { status, body } = await exchange(fetchImpl, name, url, { method: "GET", headers: target.headers });
    if (status === 404) return null;
    if (status !== 200) {
      const why = status === 429 ? " (too many requests: try again later, or use your own server)" : "";
      throw new ChainReadError(`${name} answered HTTP ${status} to GET ${path}${why}`);
    }
    return body;
  }

  async function transaction(txid: string): Promise<EsploraTx | null> {
    const body = await get(`/tx/${txid}`);
    if (body === null) return null;
    const tx = parseJson(body, name, `GET /tx/${txid}`) as {
      status?: { confirmed?: unknown; block_height?: unknown };
      vout?: { value?: unknown; scriptpubkey?: unknown }[];
    };
    const confirmed = tx.status?.confirmed;
    const height = tx.status?.block_height;
    if (typeof confirmed !== "boolean" || (confirmed && !isHeight(height)) || !Array.isArray(tx.vout))
      throw new ChainReadError(`${name} answered GET /tx/${txid} without a status and outputs`);
    const outputs = tx.vout.map(({ value, scriptpubkey }) => {
      if (!isWhole(value) || !isHex(scriptpubkey))
        throw new ChainReadError(`${name} answered GET /tx/${txid} with an output of no value or script`);
      return { valueSats: BigInt(value), script: scriptpubkey };
    });
    return { madeAt: confirmed ? (height as number) : null, outputs };
  }

  async function spend({ txid, vout }: Outpoint): Promise<CoinSpend> {
    const path = `/tx/${txid}/outspend/${vout}`;
    const body = await get(path);
    if (body === null) throw new ChainReadError(`${name} answered 404 to GET ${path}`);
    const answer = parseJson(body, name, `GET ${path}`) as {
      spent?: unknown;
      status?: { confirmed?: unknown; block_height?: unknown };
    };
    if (answer.spent === false) return { kind: "unspent" };
    if (answer.spent !== true) throw new ChainReadError(`${name} answered GET ${path} without "spent"`);
    // Spent only by a transaction waiting in the mempool: in every block so far, unspent.
    if (answer.status?.confirmed === false) return { kind: "unspent" };
    const height = answer.status?.block_height;
    if (answer.status?.confirmed !== true || !isHeight(height))
      throw new ChainReadError(`${name} answered GET ${path} with a spend of no block`);
    return { kind: "spentAt", height };
  }

  return {
    name,

    async blockHash(height) {
      const body = await get(`/block-height/${height}`);
      if (body === null) return null;
      const hash = body.trim();
      if (!isHash(hash))
        throw new ChainReadError(`${name} answered GET /block-height/${height} with no hash`);
      return hash;
    },

    async coins(outpoints) {
      const txids = [...new Set(outpoints.map((coin) => coin.txid))];
      const found = await mapLimited(txids, IN_FLIGHT, transaction);
      const byTxid = new Map(txids.map((txid, i) => [txid, found[i] ?? null]));
      return mapLimited(outpoints, IN_FLIGHT, async (coin): Promise<CoinOnChain> => {
        const tx = byTxid.get(coin.txid) ?? null;
        if (tx === null) return { kind: "absent", why: `${name} knows no transaction ${coin.txid}` };
        const output = tx.outputs[coin.vout];
        if (output === undefined)
          return { kind: "absent", why: `its transaction has ${tx.outputs.length} outputs` };
        // A coin not yet in a block fails whatever its spend; it is not asked after.
        const spent: CoinSpend = tx.madeAt === null ? { kind: "unspent" } : await spend(coin);
        return { kind: "found", madeAt: tx.madeAt, ...output, spend: spent };
      });
    },
  };
}
