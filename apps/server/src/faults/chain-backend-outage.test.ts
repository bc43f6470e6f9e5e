import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { apiPaths, type Books, booksSchema } from "@satsbank/shared";
import { p2wpkh } from "@scure/btc-signer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../adapters/clock.js";
import { type App, buildApp } from "../app.js";
import { bitcoindBackend } from "../bitcoin/chain/bitcoind.js";
import { ChainBackendError } from "../bitcoin/chain/chain-backend.js";
import type { JsonRpcTransport } from "../bitcoin/chain/json-rpc.js";
import { httpJsonRpcTransport } from "../bitcoin/chain/json-rpc-http.js";
import { networkParams } from "../bitcoin/network.js";
import { withdrawals } from "../db/schema/index.js";
import { sandboxRpcTransport } from "../dev/sandbox/rpc.js";
import type { User } from "../domain/user.js";
import { customerBalance } from "../ledger/accounts.js";
import { depositAddressFor } from "../modules/addresses/index.js";
import type { ChainContext } from "../modules/chain/index.js";
import { sendBitcoin } from "../modules/wallet/index.js";
import { getJson } from "../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { markVerified } from "../test/mark-verified.js";
import { insertCustomer, walletContext } from "../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../test/staff-helpers.js";
import { testConfig } from "../test/test-config.js";
import { type PassReport, runPass } from "../worker/chain-worker.js";

// The bitcoind adapter over HTTP, to a node the test breaks: the node down (the request fails), answering
// garbage (not JSON, or JSON of another shape), or failing at one call of a pass after answering the ones
// before it. Deposits and withdrawals wait, resume when it answers again, and nothing is credited twice.

type Mode = "up" | "down" | "not-json" | "wrong-shape" | { failAfter: number };

let t: TestApp;
let sandbox: SandboxChain;
let mode: Mode = "up";
let calls = 0;
let ctx: ChainContext;
let app: App;
let staff: TestStaff;

/**
 * A node over HTTP that the test breaks: it answers the sandbox node's JSON-RPC, or drops the connection
 * (down), or answers garbage, or drops it after `failAfter` calls.
 */
async function faultyNode(inner: JsonRpcTransport): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      calls += 1;
      if (mode === "down" || (typeof mode === "object" && calls > mode.failAfter)) {
        request.socket.destroy();
        return;
      }
      if (mode === "not-json") {
        response.writeHead(200, { "content-type": "text/html" }).end("<html>502 Bad Gateway</html>");
        return;
      }
      if (mode === "wrong-shape") {
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ result: { surprise: [1, 2] }, error: null, id: 1 }));
        return;
      }
      inner(Buffer.concat(chunks).toString()).then(
        ({ status, body }) => response.writeHead(status, { "content-type": "application/json" }).end(body),
        () => request.socket.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let node: { url: string; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp();
  sandbox = await startSandboxChain(t);
  node = await faultyNode(sandboxRpcTransport(sandbox.node));
  const transport = httpJsonRpcTransport({
    url: node.url,
    username: "bank",
    password: "secret",
    timeoutMs: 5000,
  });
  const chain = bitcoindBackend({ transport, network: "regtest" });
  ctx = sandbox.context({ chain });
  // The app the staff read the books from, on the same backend.
  app = await buildApp({
    config: testConfig(),
    db: t.db,
    dbPing: t.handle.ping,
    chain: { backend: chain, sandbox: null },
  });
  staff = await testStaff(t, { name: "Books Keeper" });
});
afterAll(async () => {
  await app.close();
  await node.close();
  await t.close();
});

async function books(): Promise<Books> {
  const res = await getJson({ ...t, app }, apiPaths.admin.books, { cookie: staff.token });
  expect(res.statusCode, res.body).toBe(200);
  return booksSchema.parse(res.json());
}

/** The customer's withdrawals. */
function findWithdrawalsOf(user: User) {
  return t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
}

function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

/** A customer with `funds` deposited (credited through the working backend), a withdrawal queued, and a
 * second deposit mined but not yet seen by the follower. */
async function waitingCustomer(): Promise<User> {
  const user = await insertCustomer(t.db, "Chain Waiter");
  await markVerified({ ctx: { db: t.db, clock: systemClock }, userId: user.id });
  await sandbox.deposit(user, 200_000n);
  await sendBitcoin({
    ctx: walletContext(t),
    sender: user,
    body: { recipient: outsideAddress(), amountSats: "50000", idempotencyKey: randomUUID() },
  });
  const address = await depositAddressFor({ ctx: walletContext(t), userId: user.id });
  await sandbox.node.pay(address, 30_000n);
  await sandbox.node.mine(1);
  return user;
}

async function expectWaiting(user: User) {
  // 200,000 deposited, 50,000 + 1,000 fee withdrawn: the second deposit not credited.
  expect(await customerBalance(t.db, user.id)).toBe(149_000n);
  const [withdrawal] = await findWithdrawalsOf(user);
  expect(withdrawal?.status).toBe("queued");
}

/** Passes until the deposit is credited and the withdrawal's payout confirmed: two, with a block between. */
async function resume(user: User): Promise<void> {
  mode = "up";
  const first = await runPass(ctx);
  expect(first.payOut.outcome).toBe("paid");
  await sandbox.node.mine(1);
  const second = await runPass(ctx);
  expect(second.payouts.settled).toBe(1);
  expect(await customerBalance(t.db, user.id)).toBe(179_000n);
  const [withdrawal] = await findWithdrawalsOf(user);
  expect(withdrawal?.status).toBe("completed");
  // Again: nothing more.
  await runPass(ctx);
  expect(await customerBalance(t.db, user.id)).toBe(179_000n);
  await expectChainBooksBalanced(t);
}

describe("the chain backend down or answering garbage", () => {
  it.each(["down", "not-json", "wrong-shape"] as const)(
    "%s: the pass fails as the backend's failure, deposits and withdrawals wait, the Books show it unavailable; then they resume, once",
    async (failure) => {
      const user = await waitingCustomer();
      mode = failure;
      for (let pass = 0; pass < 3; pass++) {
        await expect(runPass(ctx)).rejects.toBeInstanceOf(ChainBackendError);
      }
      await expectWaiting(user);
      const down = await books();
      expect(down.chain.tip).toMatchObject({ available: false });
      expect(down.ledger.booksBalanced).toBe(true);
      await resume(user);
      expect((await books()).chain.tip).toMatchObject({ available: true });
    },
  );

  it("failing at each call of a pass in turn, then answering: credited once, paid out once", async () => {
    const user = await waitingCustomer();
    // The backend answers `failAfter` calls of the pass, then fails: each call point in turn.
    const reports: Array<PassReport | "failed"> = [];
    for (let failAfter = 0; failAfter < 12; failAfter++) {
      calls = 0;
      mode = { failAfter };
      reports.push(await runPass(ctx).catch(() => "failed" as const));
    }
    expect(reports).toContain("failed");
    // The last one answered every call: each call point of a pass had its failure.
    expect(reports.at(-1)).not.toBe("failed");
    // Whatever the failures left done, the passes that follow finish the work, and once.
    mode = "up";
    await runPass(ctx);
    await sandbox.node.mine(1);
    await runPass(ctx);
    await runPass(ctx);
    expect(await customerBalance(t.db, user.id)).toBe(179_000n);
    const [withdrawal] = await findWithdrawalsOf(user);
    expect(withdrawal?.status).toBe("completed");
    await expectChainBooksBalanced(t);
  });
});
