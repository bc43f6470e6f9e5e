import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromHex } from "./bytes.js";
import { type ChainReader, chainReader, checkCoinsAtBlock, type StatedCoin } from "./chain.js";
import { coreRpcReader } from "./chain-core-rpc.js";
import { report } from "./cli.js";

// The reserves' coins checked against small HTTP servers on 127.0.0.1 that answer as Esplora and as
// Bitcoin Core's JSON-RPC do, both serving one made-up chain: blocks 0 to 20, the proof's block at 10.

const STATED = 10;
const TIP = 20;
const blockHashAt = (height: number) => height.toString(16).padStart(2, "0").repeat(32);
const txidOf = (n: number) => `${n}`.padStart(2, "0").repeat(32);
const script = (n: number) => `0014${`${n}`.padStart(2, "0").repeat(20)}`;

type FakeTx = { madeAt: number | null; outputs: { sats: number; script: string }[] };
/** Transactions by txid, and the height each spent coin ("txid:vout") was spent at (null: in the mempool). */
const txs = new Map<string, FakeTx>([
  [txidOf(1), { madeAt: 5, outputs: [{ sats: 150_000, script: script(1) }] }],
  [txidOf(2), { madeAt: 5, outputs: [{ sats: 200_000, script: script(2) }] }],
  [
    txidOf(3),
    {
      madeAt: 6,
      outputs: [
        { sats: 1, script: script(3) },
        { sats: 300_000, script: script(3) },
      ],
    },
  ],
  [txidOf(4), { madeAt: 12, outputs: [{ sats: 400_000, script: script(4) }] }],
  [txidOf(5), { madeAt: 7, outputs: [{ sats: 500_000, script: script(5) }] }],
  [txidOf(6), { madeAt: 7, outputs: [{ sats: 600_000, script: script(6) }] }],
]);
const spends = new Map<string, number | null>([
  [`${txidOf(2)}:0`, 8], // spent before the stated block
  [`${txidOf(3)}:1`, 15], // spent after it: unspent at it
  [`${txidOf(6)}:0`, null], // its spend waits in the mempool
]);

const coin = (n: number, vout: number, sats: number): StatedCoin => ({
  txid: txidOf(n),
  vout,
  valueSats: BigInt(sats),
  script: fromHex(script(n), "script"),
});
const unspent = coin(1, 0, 150_000);
const spentBefore = coin(2, 0, 200_000);
const spentAfter = coin(3, 1, 300_000);
const madeAfter = coin(4, 0, 400_000);
const wrongValue = coin(5, 0, 555_000);
const spentInMempool = coin(6, 0, 600_000);
const notOnChain = coin(9, 0, 900_000);
const block = { height: STATED, hash: blockHashAt(STATED) };

const btc = (sats: number) => sats / 1e8;

function esplora(url: string): { status: number; body: string } {
  const json = (value: unknown) => ({ status: 200, body: JSON.stringify(value) });
  const height = /^\/api\/block-height\/(\d+)$/.exec(url);
  if (height) {
    const h = Number(height[1]);
    return h <= TIP ? { status: 200, body: blockHashAt(h) } : { status: 404, body: "Block not found" };
  }
  const outspend = /^\/api\/tx\/([0-9a-f]{64})\/outspend\/(\d+)$/.exec(url);
  if (outspend) {
    const key = `${outspend[1]}:${outspend[2]}`;
    if (!spends.has(key)) return json({ spent: false });
    const at = spends.get(key) ?? null;
    const status =
      at === null ? { confirmed: false } : { confirmed: true, block_height: at, block_hash: blockHashAt(at) };
    return json({ spent: true, txid: txidOf(77), vin: 0, status });
  }
  const tx = /^\/api\/tx\/([0-9a-f]{64})$/.exec(url);
  const found = tx ? txs.get(tx[1] as string) : undefined;
  if (tx && found) {
    const status =
      found.madeAt === null ? { confirmed: false } : { confirmed: true, block_height: found.madeAt };
    return json({
      txid: tx[1],
      status,
      vout: found.outputs.map((o) => ({ value: o.sats, scriptpubkey: o.script })),
    });
  }
  return { status: 404, body: "Transaction not found" };
}

type RpcCall = { id: number; method: string; params: unknown[] };
const core = { txindex: true, calls: [] as string[] };

function coreAnswer({ method, params }: RpcCall): {
  result?: unknown;
  error?: { code: number; message: string };
} {
  core.calls.push(method);
  const [first, second] = params;
  switch (method) {
    case "getblockcount":
      return { result: TIP };
    case "getblockhash":
      return (first as number) <= TIP
        ? { result: blockHashAt(first as number) }
        : { error: { code: -8, message: "Block height out of range" } };
    case "getblockheader":
      return { result: { hash: first, height: Number.parseInt((first as string).slice(0, 2), 16) } };
    case "gettxout": {
      const tx = txs.get(first as string);
      const out = tx?.outputs[second as number];
      const key = `${first}:${second}`;
      if (!tx || !out || tx.madeAt === null || (spends.has(key) && spends.get(key) !== null))
        return { result: null };
      const scriptPubKey = { hex: out.script, type: "witness_v0_keyhash" };
      return {
        result: {
          bestblock: blockHashAt(TIP),
          confirmations: TIP - tx.madeAt + 1,
          value: btc(out.sats),
          scriptPubKey,
        },
      };
    }
    case "getrawtransaction": {
      const tx = txs.get(first as string);
      if (!tx || !core.txindex) {
        const message = core.txindex
          ? "No such mempool or blockchain transaction. Use gettransaction for wallet transactions."
          : "No such mempool transaction. Use -txindex or provide a block hash to enable blockchain transaction queries. Use gettransaction for wallet transactions.";
        return { error: { code: -5, message } };
      }
      const vout = tx.outputs.map((o, n) => ({ value: btc(o.sats), n, scriptPubKey: { hex: o.script } }));
      return {
        result: { txid: first, vout, ...(tx.madeAt === null ? {} : { blockhash: blockHashAt(tx.madeAt) }) },
      };
    }
    case "getblock": {
      const height = Number.parseInt((first as string).slice(0, 2), 16);
      const vin = [...spends]
        .filter(([, at]) => at === height)
        .map(([key]) => {
          const [txid, vout] = key.split(":");
          return { txid, vout: Number(vout), sequence: 0xffffffff };
        });
      return {
        result: {
          hash: first,
          height,
          tx: [
            { txid: txidOf(88), vin: [{ coinbase: "00" }] },
            { txid: txidOf(77), vin },
          ],
        },
      };
    }
    default:
      return { error: { code: -32601, message: "Method not found" } };
  }
}

function corePost(body: string, authorization: string | undefined): { status: number; body: string } {
  if (authorization !== `Basic ${Buffer.from("alice:s3cret pass").toString("base64")}`)
    return { status: 401, body: "" };
  const request = JSON.parse(body) as RpcCall | RpcCall[];
  const one = (call: RpcCall) => ({ result: null, error: null, ...coreAnswer(call), id: call.id });
  if (Array.isArray(request)) return { status: 200, body: JSON.stringify(request.map(one)) };
  const reply = one(request);
  return { status: reply.error === null ? 200 : 500, body: JSON.stringify(reply) };
}

let server: Server;
let origin: string;
let closedOrigin: string;

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const s = createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return s;
}

beforeAll(async () => {
  server = await listen((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const answer =
        req.method === "POST" ? corePost(body, req.headers.authorization) : esplora(req.url ?? "");
      res.writeHead(answer.status, {
        "content-type": req.method === "POST" ? "application/json" : "text/plain",
      });
      res.end(answer.body);
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: a server opened and closed again.
  const closed = await listen(() => {});
  closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const readers = (): [string, ChainReader][] => [
  ["Esplora", chainReader(`esplora+${origin}/api`)],
  ["Bitcoin Core", chainReader(`bitcoind+${origin.replace("//", "//alice:s3cret%20pass@")}`)],
];

describe.each(["Esplora", "Bitcoin Core"])("the coins at the stated block, read from %s", (kind) => {
  const reader = () => (readers().find(([name]) => name === kind) as [string, ChainReader])[1];

  it("counts an unspent coin, one spent after the block and one whose spend waits in the mempool", async () => {
    const checks = await checkCoinsAtBlock(reader(), [unspent, spentAfter, spentInMempool], block);
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(checks.map((check) => check.says)).toEqual([
      expect.stringContaining(`The block at height 10 is ${block.hash}, as stated`),
      "3 coins holding 1050000 sat were unspent at block 10",
    ]);
  });

  it("fails a coin spent before the block, naming it and why", async () => {
    const checks = await checkCoinsAtBlock(reader(), [unspent, spentBefore], block);
    const failed = checks.filter((check) => !check.ok).map((check) => check.says);
    expect(failed).toEqual([
      kind === "Esplora"
        ? `The coin ${spentBefore.txid}:0: spent at block 8, before or at the stated block 10`
        : `The coin ${spentBefore.txid}:0: spent before or at the stated block 10 (no later block spends it)`,
    ]);
    expect(checks.at(-1)).toEqual({ ok: true, says: "1 coin holding 150000 sat was unspent at block 10" });
  });

  it("fails a coin made after the block, one of another value and one not on the chain", async () => {
    const checks = await checkCoinsAtBlock(reader(), [madeAfter, wrongValue, notOnChain], block);
    expect(checks.filter((check) => !check.ok).map((check) => check.says)).toEqual([
      `The coin ${madeAfter.txid}:0: made at block 12, after the stated block 10`,
      `The coin ${wrongValue.txid}:0: holds 500000 sat, the proof says 555000 sat`,
      expect.stringMatching(new RegExp(`^The coin ${notOnChain.txid}:0: not on the chain`)),
    ]);
    expect(checks.filter((check) => check.ok)).toHaveLength(1); // the block's hash only
  });

  it("fails a coin whose script is not the stated one", async () => {
    const checks = await checkCoinsAtBlock(
      reader(),
      [{ ...unspent, script: fromHex(script(2), "s") }],
      block,
    );
    expect(checks[1]).toEqual({
      ok: false,
      says: `The coin ${unspent.txid}:0: its output script is ${script(1)}, the proof says ${script(2)}`,
    });
  });

  it("fails a block hash that is not the chain's at that height, and a height past the tip", async () => {
    const other = { height: STATED, hash: blockHashAt(11) };
    const checks = await checkCoinsAtBlock(reader(), [unspent], other);
    expect(checks[0]?.ok).toBe(false);
    expect(checks[0]?.says).toContain(
      `The block at height 10 is ${block.hash}, not the stated ${other.hash}`,
    );
    const past = await checkCoinsAtBlock(reader(), [unspent], { height: 21, hash: blockHashAt(21) });
    expect(past).toEqual([{ ok: false, says: expect.stringContaining("has no block at height 21") }]);
  });
});

describe("a chain backend that cannot be read", () => {
  it("is a failed check naming the backend, never its password, and the command's exit is not 0", async () => {
    const down = chainReader(`bitcoind+${closedOrigin.replace("//", "//alice:s3cret@")}`);
    const checks = await checkCoinsAtBlock(down, [unspent], block);
    expect(checks).toEqual([
      {
        ok: false,
        says: `The chain cannot be read: Bitcoin Core's JSON-RPC at ${closedOrigin} cannot be reached (ECONNREFUSED)`,
      },
    ]);
    expect(report(checks, []).code).toBe(1);
    const esploraDown = await checkCoinsAtBlock(chainReader(`esplora+${closedOrigin}`), [unspent], block);
    expect(esploraDown[0]?.says).toBe(
      `The chain cannot be read: Esplora at ${closedOrigin} cannot be reached (ECONNREFUSED)`,
    );
  });

  it("says when Bitcoin Core refuses the password, without repeating it", async () => {
    const checks = await checkCoinsAtBlock(
      chainReader(`bitcoind+${origin.replace("//", "//alice:wrong@")}`),
      [unspent],
      block,
    );
    expect(checks).toEqual([
      {
        ok: false,
        says: `The chain cannot be read: Bitcoin Core's JSON-RPC at ${origin} refused the user name and password (HTTP 401)`,
      },
    ]);
    expect(JSON.stringify(checks)).not.toContain("wrong");
  });
});

describe("Bitcoin Core's limits", () => {
  const auth = () => new URL(origin.replace("//", "//alice:s3cret%20pass@"));

  it("says a spent coin cannot be checked without -txindex, and still counts an unspent one", async () => {
    core.txindex = false;
    try {
      const checks = await checkCoinsAtBlock(coreRpcReader(auth(), fetch), [unspent, spentAfter], block);
      expect(checks.map((check) => check.ok)).toEqual([true, false, true]);
      expect(checks[1]?.says).toContain(
        `The coin ${spentAfter.txid}:1: cannot be checked: it is spent now, and this node keeps no transaction index (start it with -txindex)`,
      );
    } finally {
      core.txindex = true;
    }
  });

  it("reads at most its bound of blocks after the stated one for a spend, and says so when it is hit", async () => {
    core.calls = [];
    const reader = coreRpcReader(auth(), fetch, { scanBlocks: 3 });
    const checks = await checkCoinsAtBlock(reader, [spentAfter], block);
    expect(checks[1]).toEqual({
      ok: false,
      says: `The coin ${spentAfter.txid}:1: cannot tell whether it was spent by block 10: it is spent now, and not in blocks 11 to 13: the verifier reads at most 3 blocks after the stated one (the tip is 20)`,
    });
    expect(core.calls.filter((method) => method === "getblock")).toHaveLength(3);
  });

  it("asks for the coins in one batch, and stops reading blocks once every spend is found", async () => {
    core.calls = [];
    await checkCoinsAtBlock(coreRpcReader(auth(), fetch), [unspent, spentAfter, wrongValue], block);
    expect(core.calls.filter((method) => method === "gettxout")).toHaveLength(3);
    // Blocks 11 to 15 in one batch of eight (11-18): the spend is at 15, and the scan stops there.
    expect(core.calls.filter((method) => method === "getblock")).toHaveLength(8);
  });
});

describe("the --chain URL", () => {
  it("takes the documented forms and refuses others in words that list them, never repeating a password", () => {
    expect(chainReader("esplora+https://mempool.space/api").name).toBe(
      "Esplora at https://mempool.space/api",
    );
    expect(chainReader("bitcoind+http://u:p@127.0.0.1:8332").name).toBe(
      "Bitcoin Core's JSON-RPC at http://127.0.0.1:8332",
    );
    expect(chainReader("sandbox").name).toBe("the sandbox chain at http://localhost:3000");
    expect(chainReader("sandbox+http://127.0.0.1:4000").name).toBe(
      "the sandbox chain at http://127.0.0.1:4000",
    );
    for (const bad of [
      "https://mempool.space/api",
      "electrum+tcp://x",
      "bitcoind+ftp://u:hunter2@x",
      "esplora+nonsense",
    ]) {
      expect(() => chainReader(bad)).toThrow(/Use one of:\n {2}esplora\+https:/);
      expect(() => chainReader(bad)).not.toThrow(/hunter2/);
    }
  });
});
