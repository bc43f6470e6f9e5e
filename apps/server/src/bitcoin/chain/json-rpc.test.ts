// The JSON-RPC client on recorded Bitcoin Core answers, and its HTTP transport against a local HTTP
// server that answers as Bitcoin Core's httprpc.cpp does (Basic auth, 401 with an empty body, the cookie
// file rewritten at every start).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { hashes } from "./fixtures/expected.js";
import { failure } from "./fixtures/rejections.js";
import { type RpcAnswer, recordedAnswer, specialRpc } from "./fixtures/replay.js";
import { jsonRpcClient, RpcError } from "./json-rpc.js";
import { httpJsonRpcTransport } from "./json-rpc-http.js";

const hash = z.string().regex(/^[0-9a-f]{64}$/);

describe("jsonRpcClient", () => {
  const answering = (answer: RpcAnswer) => {
    const sent: string[] = [];
    const client = jsonRpcClient(async (body) => {
      sent.push(body);
      return answer;
    });
    return { client, sent };
  };

  it("sends a JSON-RPC 1.0 request and reads the result", async () => {
    const { client, sent } = answering(recordedAnswer("getblockhash", [101]));
    expect(await client.call("getblockhash", [101], hash)).toBe(hashes.block101);
    expect(JSON.parse(sent[0] ?? "")).toEqual({
      jsonrpc: "1.0",
      id: 1,
      method: "getblockhash",
      params: [101],
    });
  });

  it("reads a JSON-RPC 2.0 answer too (result only, or an error under HTTP 200)", async () => {
    const ok = answering({ status: 200, body: '{"jsonrpc":"2.0","result":102,"id":1}' });
    expect(await ok.client.call("getblockcount", [], z.number())).toBe(102);
    const error = answering({
      status: 200,
      body: '{"jsonrpc":"2.0","error":{"code":-8,"message":"Block height out of range"},"id":1}',
    });
    await expect(error.client.call("getblockhash", [103], hash)).rejects.toMatchObject({ code: -8 });
  });

  it.each([
    ["-8 under HTTP 500", "getblockhash", [103], -8, "Block height out of range"],
    ["-5 for a block, under HTTP 500", "getblock", [hashes.unknown, 2], -5, "Block not found"],
    [
      "-5 for a transaction, under HTTP 500",
      "getrawtransaction",
      [hashes.unknown, true],
      -5,
      "No such mempool or blockchain transaction",
    ],
  ])("turns an error object (%s) into an RpcError", async (_, method, params, code, message) => {
    const { client } = answering(recordedAnswer(method, params));
    const error = await client.call(method, params, z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ method, code });
    expect((error as RpcError).rpcMessage).toMatch(new RegExp(`^${message}`));
  });

  it("turns an unknown method's 404 into an RpcError -32601", async () => {
    const { client } = answering(specialRpc("methodNotFound"));
    await expect(client.call("getblockfilter", [], z.unknown())).rejects.toMatchObject({
      name: "RpcError",
      code: -32601,
      rpcMessage: "Method not found",
    });
  });

  it.each([
    ["401 with an empty body", { status: 401, body: "" }, "unauthorized"],
    ["403 (rpcallowip)", { status: 403, body: "" }, "unauthorized"],
    ["503 with a text body", { status: 503, body: "Work queue depth exceeded" }, "unavailable"],
    ["502 from a proxy, with HTML", { status: 502, body: "<html>Bad Gateway</html>" }, "unavailable"],
    ["500 without a JSON-RPC body", { status: 500, body: "" }, "unavailable"],
    ["200 that is not JSON", { status: 200, body: "<html>" }, "invalid-response"],
    ["200 with JSON that is not JSON-RPC", { status: 200, body: "[1,2]" }, "invalid-response"],
    [
      "405 from a wrong endpoint",
      { status: 405, body: "JSONRPC server handles only POST requests" },
      "invalid-response",
    ],
  ] as const)("maps %s to %s", async (_, answer, expected) => {
    const { client } = answering(answer);
    expect((await failure(client.call("getblockcount", [], z.number()))).failure).toBe(expected);
  });

  it("refuses a result of another shape", async () => {
    const { client } = answering(recordedAnswer("getblockhash", [101]));
    const error = await failure(client.call("getblockhash", [101], z.number()));
    expect(error.failure).toBe("invalid-response");
    expect(error.message).not.toContain(hashes.block101);
  });
});

/** A local stand-in for bitcoind's RPC port: checks Basic auth like httprpc.cpp, then replays the recording. */
function fakeNode() {
  const state = {
    userColonPassword: "alice:s3cret-pa55",
    hang: false,
    requests: [] as (string | undefined)[],
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      state.requests.push(req.headers.authorization);
      if (state.hang) return;
      const expected = `Basic ${Buffer.from(state.userColonPassword).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { "WWW-Authenticate": 'Basic realm="jsonrpc"' }).end();
        return;
      }
      const request = JSON.parse(body) as { method: string; params: unknown[] };
      const answer = recordedAnswer(request.method, request.params);
      res.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
    });
  });
  return { server, state };
}

describe("httpJsonRpcTransport", () => {
  const node = fakeNode();
  let url = "";
  let dir = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => node.server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}/`;
    dir = await mkdtemp(join(tmpdir(), "satsbank-rpc-"));
  });
  afterEach(() => {
    node.state.userColonPassword = "alice:s3cret-pa55";
    node.state.hang = false;
    node.state.requests.length = 0;
  });
  afterAll(async () => {
    node.server.closeAllConnections();
    await new Promise((resolve) => node.server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const secrets = ["s3cret-pa55", Buffer.from("alice:s3cret-pa55").toString("base64"), "cookie-token"];
  const expectNoSecret = (error: Error) => {
    for (const secret of secrets) expect(`${error.message} ${error.stack}`).not.toContain(secret);
  };

  it("authenticates with the user and password", async () => {
    const client = jsonRpcClient(
      httpJsonRpcTransport({ url, username: "alice", password: "s3cret-pa55", timeoutMs: 2000 }),
    );
    expect(await client.call("getblockhash", [101], hash)).toBe(hashes.block101);
  });

  it("takes the user and password from the URL, and sends them only in the header", async () => {
    const withCredentials = url.replace("http://", "http://alice:s3cret-pa55@");
    const client = jsonRpcClient(httpJsonRpcTransport({ url: withCredentials, timeoutMs: 2000 }));
    expect(await client.call("getblockhash", [101], hash)).toBe(hashes.block101);
  });

  it("reads an RPC error from HTTP 500 with its JSON body", async () => {
    const client = jsonRpcClient(
      httpJsonRpcTransport({ url, username: "alice", password: "s3cret-pa55", timeoutMs: 2000 }),
    );
    await expect(client.call("getblockhash", [103], hash)).rejects.toMatchObject({
      name: "RpcError",
      code: -8,
    });
  });

  it("maps a refused password to unauthorized, without the password in the error", async () => {
    const client = jsonRpcClient(
      httpJsonRpcTransport({ url, username: "alice", password: "wrong", timeoutMs: 2000 }),
    );
    const error = await failure(client.call("getblockhash", [101], hash));
    expect(error.failure).toBe("unauthorized");
    expect(error.message).not.toContain("wrong");
    expectNoSecret(error);
  });

  it("reads the cookie file, and again after a 401 when the node restarted with a new one", async () => {
    const cookieFile = join(dir, ".cookie");
    await writeFile(cookieFile, "__cookie__:cookie-token-1");
    node.state.userColonPassword = "__cookie__:cookie-token-1";
    const client = jsonRpcClient(httpJsonRpcTransport({ url, cookieFile, timeoutMs: 2000 }));
    expect(await client.call("getblockhash", [101], hash)).toBe(hashes.block101);

    // The node restarts: a new token in the file, the old one refused.
    await writeFile(cookieFile, "__cookie__:cookie-token-2");
    node.state.userColonPassword = "__cookie__:cookie-token-2";
    expect(await client.call("getblockhash", [102], hash)).toBe(hashes.block102);
    const basic = (token: string) => `Basic ${Buffer.from(`__cookie__:${token}`).toString("base64")}`;
    expect(node.state.requests).toEqual([
      basic("cookie-token-1"),
      basic("cookie-token-1"),
      basic("cookie-token-2"),
    ]);
  });

  it("does not retry when the cookie file still holds the refused token", async () => {
    const cookieFile = join(dir, ".cookie-stale");
    await writeFile(cookieFile, "__cookie__:cookie-token-3\n");
    node.state.userColonPassword = "__cookie__:something-else";
    const client = jsonRpcClient(httpJsonRpcTransport({ url, cookieFile, timeoutMs: 2000 }));
    const error = await failure(client.call("getblockhash", [101], hash));
    expect(error.failure).toBe("unauthorized");
    expect(node.state.requests).toHaveLength(1);
    expectNoSecret(error);
  });

  it("reports a missing cookie file (the node is not running) as unavailable", async () => {
    const client = jsonRpcClient(
      httpJsonRpcTransport({ url, cookieFile: join(dir, "absent"), timeoutMs: 2000 }),
    );
    const error = await failure(client.call("getblockhash", [101], hash));
    expect(error.failure).toBe("unavailable");
    expect(error.message).toMatch(/ENOENT/);
  });

  it("gives up after the timeout: unavailable, without credentials in the error", async () => {
    node.state.hang = true;
    const transport = httpJsonRpcTransport({
      url,
      username: "alice",
      password: "s3cret-pa55",
      timeoutMs: 200,
    });
    const started = Date.now();
    const error = await failure(jsonRpcClient(transport).call("getblockhash", [101], hash));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.failure).toBe("unavailable");
    expect(error.message).toMatch(/no answer within 200 ms/);
    expectNoSecret(error);
  });

  it("reports a closed port as unavailable, without the URL's credentials", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const transport = httpJsonRpcTransport({
      url: `http://alice:s3cret-pa55@127.0.0.1:${port}/`,
      timeoutMs: 2000,
    });
    const error = await failure(jsonRpcClient(transport).call("getblockhash", [101], hash));
    expect(error.failure).toBe("unavailable");
    expect(error.message).toMatch(/ECONNREFUSED/);
    expectNoSecret(error);
  });
});
