import { apiPaths } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { JsonRpcTransport } from "../../bitcoin/chain/json-rpc.js";
import { AppError } from "../../domain/app-error.js";
import { notUtf8Text } from "../../plugins/strict-json.js";

/**
 * The calls answered over HTTP: Bitcoin Core's that read the chain. sendrawtransaction is refused: the
 * sandbox chain changes only through its controls (pay, mine, reorg), which run the chain follower at
 * once so the bank sees each change; a broadcast here would be a second way in that does not, and the
 * route, made for reading (`satsbank-verify --chain sandbox`), would give whatever reaches it a way to
 * write.
 */
export const sandboxRpcReadOnlyMethods: ReadonlySet<string> = new Set([
  "getblockchaininfo",
  "getblockcount",
  "getbestblockhash",
  "getblockhash",
  "getblockheader",
  "getblock",
  "getrawmempool",
  "getrawtransaction",
  "gettxout",
  "estimatesmartfee",
]);

export const sandboxRpcReadOnlyText =
  "The sandbox's JSON-RPC over HTTP only reads the chain: pay and mine with POST /api/dev/sandbox/pay and /api/dev/sandbox/mine.";

/** The methods a request (one call or a batch) names; those that are no string are the node's to refuse. */
function methodsOf(text: string): string[] {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    return []; // the node answers Bitcoin Core's parse error
  }
  const calls = Array.isArray(request) ? request : [request];
  return calls.flatMap((call) => {
    const method = (call as { method?: unknown } | null)?.method;
    return typeof method === "string" ? [method] : [];
  });
}

/**
 * POST /api/dev/sandbox/rpc: the sandbox node's JSON-RPC, as a Bitcoin Core node answers it (the status and
 * the body exactly as the in-process transport gives them), for read-only calls. Registered inside the
 * sandbox's routes (loopback only, CHAIN_BACKEND=sandbox only). Its body is read as text, in its own scope,
 * so that what reaches the node is what was sent, and a body that is no JSON gets the node's own answer.
 */
export const sandboxRpcRoute: FastifyPluginAsyncZod<{ rpc: JsonRpcTransport }> = async (app, { rpc }) => {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      done(null, decoder.decode(body as Buffer));
    } catch {
      done(new AppError("BAD_REQUEST", notUtf8Text), undefined);
    }
  });

  app.post(
    apiPaths.dev.sandbox.rpc,
    {
      schema: {
        summary: "Sandbox only: the node's JSON-RPC in Bitcoin Core's shapes, read-only calls",
        tags: ["dev"],
        body: z.string(),
      },
    },
    async (request, reply) => {
      const refused = methodsOf(request.body).filter((method) => !sandboxRpcReadOnlyMethods.has(method));
      if (refused.length > 0) throw new AppError("FORBIDDEN", sandboxRpcReadOnlyText);
      const answer = await rpc(request.body);
      return reply.code(answer.status).type("application/json").send(answer.body);
    },
  );
};
