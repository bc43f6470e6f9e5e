import { secp256k1 } from "@noble/curves/secp256k1.js";
import { apiPaths } from "@satsbank/shared";
import { type ChainReader, chainReader, checkCoinsAtBlock, type StatedCoin } from "@satsbank/verify";
import { p2wpkh, Transaction } from "@scure/btc-signer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import type { ChainSetup } from "../../bitcoin/chain/create-chain-backend.js";
import { networkParams } from "../../bitcoin/network.js";
import { setUpChain } from "../../lifecycle/chain-setup.js";
import { postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { devSandboxLoopbackOnlyText } from "./routes.js";
import { sandboxRpcReadOnlyText } from "./rpc-routes.js";

// The sandbox's JSON-RPC over HTTP, read by the verifier's own Bitcoin Core reader (@satsbank/verify) as
// `satsbank-verify --chain sandbox` reads it: a coin paid and mined counts at its block, and once spent
// it still counts at the earlier block and fails at the block of its spend.

const REGTEST = networkParams.regtest.params;
const key = secp256k1.utils.randomSecretKey();
const owner = p2wpkh(secp256k1.getPublicKey(key, true), REGTEST);

describe("the sandbox's JSON-RPC, read by satsbank-verify", () => {
  let t: TestApp;
  let chain: ChainSetup;
  let reader: ChainReader;

  /** fetch, carried by the app's own request injection: every hook and parser of the route runs. */
  const viaApp: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const res = await t.app.inject({
      method: (init?.method ?? "GET") as "GET" | "POST",
      url: `${url.pathname}${url.search}`,
      headers: { ...(init?.headers as Record<string, string>), host: url.host },
      ...(init?.body === undefined ? {} : { payload: init.body as string }),
    });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { "content-type": "application/json" },
    });
  };
  const rpc = (body: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: "POST",
      url: apiPaths.dev.sandbox.rpc,
      headers: { "content-type": "application/json" },
      payload: typeof body === "string" ? body : JSON.stringify(body),
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });
  const mine = async (blocks: number) => {
    const res = await postJson(t, apiPaths.dev.sandbox.mine, { blocks });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { hashes: string[]; height: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    chain = await setUpChain({
      config: { kind: "sandbox", blockSeconds: 0 },
      network: "regtest",
      db: t.db,
      now: () => systemClock.now(),
    });
    await chain.sandbox?.start();
    reader = chainReader("sandbox+http://localhost", viaApp);
  });
  afterAll(() => t.close());

  it("counts a coin at the block it was mined in; spent later, still there, and not at its spend's block", async () => {
    const paid = await postJson(t, apiPaths.dev.sandbox.pay, {
      address: owner.address,
      amountSats: "250000",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const txid: string = paid.json().txid;
    const made = await mine(1);
    const madeAt = { height: made.height, hash: made.hashes[0] as string };

    const tx = (await rpc({ id: 1, method: "getrawtransaction", params: [txid, true] })).json().result;
    const vout = tx.vout.findIndex(
      (out: { scriptPubKey: { hex: string } }) =>
        out.scriptPubKey.hex === Buffer.from(owner.script).toString("hex"),
    );
    const coin: StatedCoin = { txid, vout, valueSats: 250_000n, script: owner.script };
    expect(await checkCoinsAtBlock(reader, [coin], madeAt)).toEqual([
      {
        ok: true,
        says: `The block at height ${madeAt.height} is ${madeAt.hash}, as stated (the sandbox chain at http://localhost)`,
      },
      { ok: true, says: `1 coin holding 250000 sat was unspent at block ${madeAt.height}` },
    ]);

    const before = { height: madeAt.height - 1, hash: "" };
    before.hash = (await rpc({ id: 2, method: "getblockhash", params: [before.height] })).json().result;
    expect((await checkCoinsAtBlock(reader, [coin], before))[1]?.says).toBe(
      `The coin ${txid}:${vout}: made at block ${madeAt.height}, after the stated block ${before.height}`,
    );

    // Two blocks later the owner spends it (broadcast as any wallet does: not over this read-only route).
    await mine(2);
    const spend = new Transaction();
    spend.addInput({ txid, index: vout, witnessUtxo: { script: owner.script, amount: 250_000n } });
    spend.addOutputAddress(owner.address as string, 249_000n, REGTEST);
    spend.sign(key);
    spend.finalize();
    await chain.backend.broadcast(spend.hex);
    const spentIn = await mine(1);
    const spentAt = { height: spentIn.height, hash: spentIn.hashes[0] as string };
    await mine(1);

    const atMade = await checkCoinsAtBlock(reader, [coin], madeAt);
    expect(atMade.every((check) => check.ok)).toBe(true);
    expect(atMade[1]?.says).toBe(`1 coin holding 250000 sat was unspent at block ${madeAt.height}`);
    expect(await checkCoinsAtBlock(reader, [coin], spentAt)).toEqual([
      expect.objectContaining({ ok: true }),
      {
        ok: false,
        says: `The coin ${txid}:${vout}: spent before or at the stated block ${spentAt.height} (no later block spends it)`,
      },
    ]);
    const wrongValue = await checkCoinsAtBlock(reader, [{ ...coin, valueSats: 260_000n }], madeAt);
    expect(wrongValue[1]?.says).toBe(`The coin ${txid}:${vout}: holds 250000 sat, the proof says 260000 sat`);
  });

  it("answers exactly what the node answers: the status and the body", async () => {
    const transport = chain.sandboxRpc;
    if (transport === undefined) throw new Error("the sandbox has a JSON-RPC");
    for (const body of [
      JSON.stringify({ jsonrpc: "1.0", id: 7, method: "getblockcount", params: [] }),
      JSON.stringify([
        { id: 1, method: "getblockhash", params: [0] },
        { id: 2, method: "getblockhash", params: [1e6] },
      ]),
      JSON.stringify({ id: 3, method: "gettxout", params: ["00".repeat(32), 0] }),
      JSON.stringify({ id: 4, method: "getblock", params: ["zz", 2] }),
      "{ not json",
    ]) {
      const res = await rpc(body);
      const direct = await transport(body);
      expect({ status: res.statusCode, body: res.body }, body).toEqual(direct);
    }
  });

  it("refuses to broadcast, and answers only on this machine", async () => {
    const broadcast = await rpc([
      { id: 1, method: "getblockcount", params: [] },
      { id: 2, method: "sendrawtransaction", params: ["00"] },
    ]);
    expect(broadcast.statusCode).toBe(403);
    expect(broadcast.json().error.message).toBe(sandboxRpcReadOnlyText);
    const far = await rpc({ id: 1, method: "getblockcount", params: [] }, "203.0.113.9");
    expect(far.statusCode).toBe(403);
    expect(far.json().error.message).toBe(devSandboxLoopbackOnlyText);
  });
});
