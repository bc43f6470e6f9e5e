// Contract test of the Esplora adapter against recorded answers of Blockstream's electrs (fixtures/).
import { describe, expect, it } from "vitest";
import { esploraBackend, parseRejection } from "./esplora.js";
import { hashes, recorded, times, transactions, txids } from "./fixtures/expected.js";
import { failure, rejection } from "./fixtures/rejections.js";
import {
  type HttpAnswer,
  recordedEsplora,
  recordedHttp,
  specialHttp,
  toResponse,
} from "./fixtures/replay.js";
import { parseRawBlock } from "./raw-block.js";

const BASE = "http://esplora.test/api";

function backend(answers: Record<string, HttpAnswer> = {}) {
  const server = recordedEsplora(BASE, answers);
  // A trailing slash on the configured URL is harmless.
  const chain = esploraBackend({
    baseUrl: `${BASE}/`,
    network: "regtest",
    fetch: server.fetch,
    timeoutMs: 2000,
  });
  return { chain, requests: server.requests };
}

const rawBlock = (hash: string) =>
  Buffer.from(recordedHttp("GET", `/block/${hash}/raw`).bodyHex ?? "", "hex");
const octets = (bytes: Uint8Array): HttpAnswer => ({
  status: 200,
  contentType: "application/octet-stream",
  bodyHex: Buffer.from(bytes).toString("hex"),
});

describe("esplora adapter: reading the chain", () => {
  it("reads the tip as the tip's hash, then that block's height", async () => {
    const { chain, requests } = backend();
    expect(await chain.tip()).toEqual({ height: 102, hash: hashes.block102 });
    expect(requests.map((r) => r.path)).toEqual(["/blocks/tip/hash", `/block/${hashes.block102}`]);
  });

  it("reports a tip that left the chain between its two reads as unavailable (asking again will do)", async () => {
    const gone = backend({
      [`GET /block/${hashes.block102}`]: recordedHttp("GET", `/block/${hashes.unknown}`),
    });
    expect((await failure(gone.chain.tip())).failure).toBe("unavailable");
  });

  it("maps heights to hashes, and a 404 'Block not found' to not-found", async () => {
    const { chain } = backend();
    expect(await chain.blockHash(101)).toBe(hashes.block101);
    expect(await chain.blockHash(0)).toBe(hashes.genesis);
    expect((await failure(chain.blockHash(103))).failure).toBe("not-found");
  });

  it("reads a block from its raw bytes: transactions split and decoded, previous hash and time from the header", async () => {
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
    expect(requests.map((r) => r.path)).toEqual([
      `/block/${hashes.block101}`,
      `/block/${hashes.block101}/raw`,
    ]);
    expect(await chain.block(hashes.block102)).toMatchObject({
      height: 102,
      previousHash: hashes.block101,
      transactions: [transactions.coinbase102, transactions.sweep],
    });
  });

  it("reads the genesis block (previousblockhash null) with the zero hash as previous", async () => {
    expect(await backend().chain.block(hashes.genesis)).toMatchObject({
      height: 0,
      previousHash: hashes.zero,
      time: times.genesis,
      transactions: [transactions.genesisCoinbase],
    });
  });

  it("answers not-found for an unknown block and a malformed hash (never put in a URL)", async () => {
    const { chain, requests } = backend();
    expect((await failure(chain.block(hashes.unknown))).failure).toBe("not-found");
    expect((await failure(chain.block("../blocks/tip"))).failure).toBe("not-found");
    expect(requests).toHaveLength(1);
  });

  it("refuses raw bytes that are not the block asked for, or not a whole block", async () => {
    const raw = rawBlock(hashes.block101);
    const tamperedHeader = Uint8Array.from(raw);
    tamperedHeader[70] = (tamperedHeader[70] ?? 0) ^ 1;
    const cases = [tamperedHeader, raw.subarray(0, raw.length - 1), Buffer.concat([raw, Buffer.of(0)])];
    for (const bytes of cases) {
      const { chain } = backend({ [`GET /block/${hashes.block101}/raw`]: octets(bytes) });
      expect((await failure(chain.block(hashes.block101))).failure).toBe("invalid-response");
    }
  });

  it("lists the mempool", async () => {
    expect(await backend().chain.mempoolTxids()).toEqual([txids.mempool]);
  });

  it("reads a transaction from its hex, and null for a 404 'Transaction not found'", async () => {
    const { chain } = backend();
    expect(await chain.transaction(txids.mempool)).toMatchObject(transactions.mempool ?? {});
    expect(await chain.transaction(txids.deposit)).toMatchObject(transactions.deposit ?? {});
    expect(await chain.transaction(hashes.unknown)).toBeNull();
  });

  it("reads confirmations as tip height - block height + 1, 0 in the mempool", async () => {
    const { chain } = backend();
    expect(await chain.transactionStatus(txids.deposit)).toEqual({
      confirmations: 2,
      blockHash: hashes.block101,
      blockHeight: 101,
    });
    expect(await chain.transactionStatus(txids.mempool)).toEqual({
      confirmations: 0,
      blockHash: null,
      blockHeight: null,
    });
  });

  it("answers null for a txid electrs reports unconfirmed but does not have", async () => {
    const { chain, requests } = backend();
    expect(await chain.transactionStatus(hashes.unknown)).toBeNull();
    expect(requests.map((r) => r.path)).toEqual([
      `/tx/${hashes.unknown}/status`,
      `/tx/${hashes.unknown}/hex`,
    ]);
  });
});

describe("esplora adapter: broadcasting", () => {
  it("posts the hex as text/plain and answers the txid", async () => {
    const { chain, requests } = backend();
    expect(await chain.broadcast(recorded.mempool.hex)).toBe(txids.mempool);
    expect(requests).toEqual([
      { method: "POST", path: "/tx", body: recorded.mempool.hex, contentType: "text/plain" },
    ]);
  });

  it("takes 'already in the chain' (-27) and 'already in the mempool' as sent", async () => {
    expect(await backend().chain.broadcast(recorded.sweep.hex)).toBe(txids.sweep);
    const legacy = backend({ "POST /tx": specialHttp("alreadyInMempoolLegacy") });
    expect(await legacy.chain.broadcast(recorded.mempool.hex)).toBe(txids.mempool);
  });

  it("takes 'inputs missing or spent' as sent when the transaction itself is confirmed", async () => {
    const { chain, requests } = backend();
    expect(await chain.broadcast(recorded.deposit.hex)).toBe(txids.deposit);
    expect(requests.map((r) => r.path)).toEqual(["/tx", `/tx/${txids.deposit}/status`, "/blocks/tip/height"]);
  });

  it("refuses for good: inputs missing or spent, a bad signature, bytes that are no transaction", async () => {
    expect(await rejection(backend().chain.broadcast(recorded.missingInput.hex))).toMatchObject({
      permanent: true,
      reason: "bad-txns-inputs-missingorspent",
    });
    const badSignature = await rejection(backend().chain.broadcast(recorded.badSignature.hex));
    expect(badSignature.permanent).toBe(true);
    expect(badSignature.reason).toMatch(/^mandatory-script-verify-flag-failed/);
    const { chain, requests } = backend();
    expect(await rejection(chain.broadcast("00"))).toMatchObject({ permanent: true });
    expect(requests).toEqual([]);
  });

  it("refuses for now: a fee under the relay minimum, a full mempool, a replacement paying too little", async () => {
    expect(await rejection(backend().chain.broadcast(recorded.lowFee.hex))).toMatchObject({
      permanent: false,
      reason: "min relay fee not met, 110 < 141",
    });
    expect(await rejection(backend().chain.broadcast(recorded.mempoolFull.hex))).toMatchObject({
      permanent: false,
      reason: "mempool full",
    });
    expect((await rejection(backend().chain.broadcast(recorded.replacement.hex))).permanent).toBe(false);
    const numbered = backend({ "POST /tx": specialHttp("numberedRejection") });
    expect(await rejection(numbered.chain.broadcast(recorded.lowFee.hex))).toMatchObject({
      permanent: false,
      reason: "min relay fee not met, 110 < 141",
    });
  });

  it("reports a server failure while sending as unavailable, not as a refusal", async () => {
    const down = backend({ "POST /tx": specialHttp("serviceUnavailable") });
    expect((await failure(down.chain.broadcast(recorded.mempool.hex))).failure).toBe("unavailable");
  });
});

describe("esplora adapter: fee rate", () => {
  it("picks the nearest target no faster than asked", async () => {
    const { chain } = backend();
    expect(await chain.feeRate(1)).toBe(87.882);
    expect(await chain.feeRate(6)).toBe(68.285);
    expect(await chain.feeRate(7)).toBe(1.027);
    expect(await chain.feeRate(5000)).toBe(1.027);
  });

  it("falls back to 1 sat/vB without estimates (regtest answers {})", async () => {
    expect(await backend({ "GET /fee-estimates": specialHttp("noFeeEstimates") }).chain.feeRate(6)).toBe(1);
  });
});

describe("esplora adapter: outputs (GET /tx/:txid and /tx/:txid/outspends)", () => {
  it("reads each output's value, confirmations and spend: two reads per transaction, the tip once", async () => {
    const { chain, requests } = backend();
    const states = await chain.outputs([
      { txid: txids.sweep, vout: 0 },
      { txid: txids.sweep, vout: 1 },
      { txid: txids.deposit, vout: 0 },
      { txid: txids.mempool, vout: 0 },
      { txid: hashes.unknown, vout: 0 },
      { txid: txids.mempool, vout: 7 },
    ]);
    expect(states).toEqual([
      { state: "unspent", valueSats: 30_000_000n, confirmations: 1 },
      // Spent by the mempool transaction, named.
      { state: "spent", spentBy: txids.mempool },
      // Spent in block 102 by the sweep.
      { state: "spent", spentBy: txids.sweep },
      { state: "unspent", valueSats: 746_000n, confirmations: 0 },
      // No such transaction, and no such output.
      { state: "unknown" },
      { state: "unknown" },
    ]);
    expect(requests.map((r) => r.path)).toEqual([
      "/blocks/tip/height",
      `/tx/${txids.sweep}`,
      `/tx/${txids.sweep}/outspends`,
      `/tx/${txids.deposit}`,
      `/tx/${txids.deposit}/outspends`,
      `/tx/${txids.mempool}`,
      `/tx/${txids.mempool}/outspends`,
      `/tx/${hashes.unknown}`,
    ]);
  });

  it("asks nothing for malformed txids", async () => {
    const { chain, requests } = backend();
    expect(await chain.outputs([{ txid: "nope", vout: 0 }])).toEqual([{ state: "unknown" }]);
    expect(requests).toEqual([]);
  });

  it("refuses a value that is not whole satoshis, and the server failing, as the backend's failure", async () => {
    const answer = recordedHttp("GET", `/tx/${txids.sweep}`);
    const body = JSON.parse(answer.body ?? "{}") as { vout: { value: number }[] };
    (body.vout[0] as { value: number }).value = 0.3;
    const odd = backend({ [`GET /tx/${txids.sweep}`]: { ...answer, body: JSON.stringify(body) } });
    expect((await failure(odd.chain.outputs([{ txid: txids.sweep, vout: 0 }]))).failure).toBe(
      "invalid-response",
    );
    const down = backend({ [`GET /tx/${txids.sweep}/outspends`]: specialHttp("serviceUnavailable") });
    expect((await failure(down.chain.outputs([{ txid: txids.sweep, vout: 0 }]))).failure).toBe("unavailable");
  });
});

describe("esplora adapter: failures", () => {
  it.each([
    ["503", "serviceUnavailable", "unavailable"],
    ["429", "tooManyRequests", "unavailable"],
  ] as const)("maps HTTP %s to %s", async (_, special, expected) => {
    const { chain } = backend({ "GET /blocks/tip/hash": specialHttp(special) });
    expect((await failure(chain.tip())).failure).toBe(expected);
  });

  it("refuses answers of another shape as invalid-response", async () => {
    const notAHash: HttpAnswer = { status: 200, contentType: "text/plain", body: "<html>maintenance</html>" };
    expect((await failure(backend({ "GET /blocks/tip/hash": notAHash }).chain.tip())).failure).toBe(
      "invalid-response",
    );
    const notJson: HttpAnswer = { status: 200, contentType: "application/json", body: "{" };
    expect((await failure(backend({ "GET /mempool/txids": notJson }).chain.mempoolTxids())).failure).toBe(
      "invalid-response",
    );
    const oddStatus: HttpAnswer = {
      status: 200,
      contentType: "application/json",
      body: '{"confirmed":true}',
    };
    const error = await failure(
      backend({ [`GET /tx/${txids.deposit}/status`]: oddStatus }).chain.transactionStatus(txids.deposit),
    );
    expect(error.failure).toBe("invalid-response");
  });

  it("reports a network error and a timeout as unavailable", async () => {
    const refused = esploraBackend({
      baseUrl: BASE,
      network: "regtest",
      timeoutMs: 2000,
      fetch: async () => {
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }),
        });
      },
    });
    expect(await failure(refused.tip())).toMatchObject({
      failure: "unavailable",
      message: expect.stringMatching(/ECONNREFUSED/),
    });

    const slow = esploraBackend({
      baseUrl: BASE,
      network: "regtest",
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => resolve(toResponse(recordedHttp("GET", "/blocks/tip/hash"))), 5000);
          init?.signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(init.signal?.reason);
          });
        }),
    });
    expect(await failure(slow.tip())).toMatchObject({
      failure: "unavailable",
      message: expect.stringMatching(/50 ms/),
    });
  });
});

describe("parseRejection and parseRawBlock", () => {
  it("reads the code and message of each text electrs relays", () => {
    expect(parseRejection('sendrawtransaction RPC error: {"code":-26,"message":"mempool full"}')).toEqual({
      code: -26,
      message: "mempool full",
    });
    expect(parseRejection("sendrawtransaction RPC error -25: bad-txns-inputs-missingorspent")).toEqual({
      code: -25,
      message: "bad-txns-inputs-missingorspent",
    });
    expect(parseRejection("Invalid hex string")).toEqual({ code: null, message: "Invalid hex string" });
  });

  it("splits a raw block into exactly its transactions' bytes", () => {
    const block = parseRawBlock(rawBlock(hashes.block102));
    expect(block.hash).toBe(hashes.block102);
    expect(block.previousHash).toBe(hashes.block101);
    expect(block.transactions).toHaveLength(2);
    expect(block.transactions[1]).toBe(recorded.sweep.hex);
  });
});
