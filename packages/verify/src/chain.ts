import { toHex } from "./bytes.js";
import { coreRpcReader } from "./chain-core-rpc.js";
import { esploraReader } from "./chain-esplora.js";
import type { ChainReader, CoinOnChain, Outpoint, StatedBlock, StatedCoin } from "./chain-reader.js";
import { ChainReadError } from "./chain-reader.js";
import type { Check } from "./check.js";

// The reserves' coins on the chain: each coin the reserves proof spends must have been unspent at the block
// the epoch states (docs/proof-of-reserves.md, "The verifier"). The chain is read from a backend the verifier
// chooses (Bitcoin Core's JSON-RPC, an Esplora server, the sandbox's JSON-RPC), never from the bank.

export {
  ChainReadError,
  type ChainReader,
  type CoinOnChain,
  type CoinSpend,
  type Outpoint,
  type StatedBlock,
  type StatedCoin,
} from "./chain-reader.js";

/** The Satsbank server's sandbox JSON-RPC (POST /api/dev/sandbox/rpc), at `npm start`'s address by default. */
const SANDBOX_RPC_PATH = "/api/dev/sandbox/rpc";
const SANDBOX_DEFAULT = "http://localhost:3000";

export const chainUrlForms = [
  "esplora+https://mempool.space/api (an Esplora server's API root; esplora+http:// too)",
  "bitcoind+http://user:password@127.0.0.1:8332 (Bitcoin Core's JSON-RPC; the user and password are optional)",
  "sandbox, or sandbox+http://localhost:3000 (a Satsbank server's sandbox chain, on this machine)",
] as const;

function badUrl(why: string): Error {
  return new Error(`--chain ${why}. Use one of:\n  ${chainUrlForms.join("\n  ")}`);
}

/** `rest` as an http(s) URL, or a clear Error (which never repeats a password). */
function httpUrl(rest: string, scheme: string): URL {
  let url: URL;
  try {
    url = new URL(rest);
  } catch {
    throw badUrl(`${scheme}+... is not followed by a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw badUrl(`${scheme}+... takes an http:// or https:// URL, not ${url.protocol}`);
  return url;
}

/**
 * Picks the reader for a `--chain` URL:
 * - `esplora+https://host/path`: an Esplora REST API root (Blockstream's, mempool.space's, your own);
 * - `bitcoind+http://[user:password@]host:port[/wallet/...]`: Bitcoin Core's JSON-RPC (the user and
 *   password, or `__cookie__` and the cookie file's password, as HTTP Basic auth; never printed);
 * - `sandbox` or `sandbox+http://host:port`: a Satsbank server's sandbox chain (CHAIN_BACKEND=sandbox, on this
 *   machine), which answers Bitcoin Core's JSON-RPC at POST /api/dev/sandbox/rpc.
 * Throws an Error that lists these forms for anything else.
 */
export function chainReader(url: string, fetchImpl: typeof fetch = fetch): ChainReader {
  const text = url.trim();
  if (text === "sandbox") return sandboxReader(new URL(SANDBOX_DEFAULT), fetchImpl);
  const plus = /^([a-z]+)\+(.*)$/s.exec(text);
  if (plus === null) throw badUrl("needs to say which backend it is");
  const [, scheme = "", rest = ""] = plus;
  switch (scheme) {
    case "esplora":
      return esploraReader(httpUrl(rest, scheme), fetchImpl);
    case "bitcoind":
      return coreRpcReader(httpUrl(rest, scheme), fetchImpl);
    case "sandbox":
      return sandboxReader(httpUrl(rest, scheme), fetchImpl);
    default:
      throw badUrl(`names a backend it does not know ("${scheme}")`);
  }
}

function sandboxReader(server: URL, fetchImpl: typeof fetch): ChainReader {
  const rpc = new URL(SANDBOX_RPC_PATH, server);
  rpc.username = server.username;
  rpc.password = server.password;
  return coreRpcReader(rpc, fetchImpl, { name: `the sandbox chain at ${rpc.origin}` });
}

const txidPattern = /^[0-9a-f]{64}$/;
const outpointOf = (coin: Outpoint) => `${coin.txid}:${coin.vout}`;

/** Why one coin, as the chain shows it, was not unspent at the stated block as stated; [] when it was. */
function problemsOf(coin: StatedCoin, onChain: CoinOnChain, block: StatedBlock): string[] {
  if (onChain.kind === "absent") return [`not on the chain (${onChain.why})`];
  if (onChain.kind === "unknown") return [`cannot be checked: ${onChain.why}`];
  const problems: string[] = [];
  if (onChain.madeAt === null) problems.push("not in a block yet (its transaction waits in the mempool)");
  else if (onChain.madeAt > block.height)
    problems.push(`made at block ${onChain.madeAt}, after the stated block ${block.height}`);
  const { spend } = onChain;
  if (spend.kind === "spentAt" && spend.height <= block.height)
    problems.push(`spent at block ${spend.height}, before or at the stated block ${block.height}`);
  if (spend.kind === "spentAtOrBefore" && spend.height <= block.height)
    problems.push(`spent before or at the stated block ${block.height} (no later block spends it)`);
  if (spend.kind === "unknown")
    problems.push(`cannot tell whether it was spent by block ${block.height}: ${spend.why}`);
  if (onChain.valueSats !== coin.valueSats)
    problems.push(`holds ${onChain.valueSats} sat, the proof says ${coin.valueSats} sat`);
  const stated = toHex(coin.script);
  if (onChain.script !== stated)
    problems.push(`its output script is ${onChain.script}, the proof says ${stated}`);
  return problems;
}

/**
 * Each check in words: the block hash at the stated height matches; for each coin, confirmed at or below
 * the height, not spent at or below it, value and script as stated. One failing Check per bad coin (naming
 * txid:vout and why), one ok Check summing up the good ones. A backend that cannot be read is one failing
 * Check, never a throw.
 */
export async function checkCoinsAtBlock(
  reader: ChainReader,
  coins: readonly StatedCoin[],
  block: StatedBlock,
): Promise<Check[]> {
  const checks: Check[] = [];
  try {
    const hash = await reader.blockHash(block.height);
    if (hash === null) {
      return [
        { ok: false, says: `${reader.name} has no block at height ${block.height} (the stated block)` },
      ];
    }
    checks.push(
      hash === block.hash
        ? { ok: true, says: `The block at height ${block.height} is ${hash}, as stated (${reader.name})` }
        : {
            ok: false,
            says: `The block at height ${block.height} is ${hash}, not the stated ${block.hash} (${reader.name})`,
          },
    );
    const wellFormed = coins.filter((coin) => txidPattern.test(coin.txid) && Number.isInteger(coin.vout));
    for (const coin of coins) {
      if (!wellFormed.includes(coin))
        checks.push({ ok: false, says: `The coin ${outpointOf(coin)} is not an outpoint (txid:vout)` });
    }
    const found = await reader.coins(wellFormed, block.height);
    let goodCount = 0;
    let goodSats = 0n;
    wellFormed.forEach((coin, i) => {
      const onChain = found[i];
      const problems =
        onChain === undefined ? ["no answer from the backend"] : problemsOf(coin, onChain, block);
      if (problems.length === 0) {
        goodCount += 1;
        goodSats += coin.valueSats;
      } else {
        checks.push({ ok: false, says: `The coin ${outpointOf(coin)}: ${problems.join("; ")}` });
      }
    });
    if (goodCount > 0) {
      const coinsWere = goodCount === 1 ? "1 coin holding" : `${goodCount} coins holding`;
      const were = goodCount === 1 ? "was" : "were";
      checks.push({
        ok: true,
        says: `${coinsWere} ${goodSats} sat ${were} unspent at block ${block.height}`,
      });
    }
    if (coins.length === 0)
      checks.push({ ok: true, says: "The proof spends no coins: none to find on the chain" });
    return checks;
  } catch (error) {
    if (!(error instanceof ChainReadError)) throw error;
    return [...checks, { ok: false, says: `The chain cannot be read: ${error.message}` }];
  }
}
