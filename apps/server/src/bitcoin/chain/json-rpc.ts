// A JSON-RPC client as Bitcoin Core speaks it. The client only builds requests and reads answers; a
// transport carries the bytes. Production uses HTTP (httpJsonRpcTransport, json-rpc-http.ts); the sandbox node answers
// in-process through the very same request and response text.
//
// How Bitcoin Core answers (src/httprpc.cpp): 200 with `{ result, error: null, id }`; an RPC error is a
// JSON body `{ result: null, error: { code, message }, id }` under HTTP 500, or 404 for an unknown method
// and 400 for an invalid request (JSON-RPC 2.0 requests get the same body under 200); a refused
// password is 401 with an empty body; a full work queue is 503 with a plain-text body.
import { z } from "zod";
import { ChainBackendError } from "./chain-backend.js";
import { statusFailure } from "./http-failure.js";
import { describeIssue, parseJson } from "./validate.js";

/** One request's JSON in, the HTTP status and raw body out. Throws ChainBackendError("unavailable"). */
export type JsonRpcTransport = (body: string) => Promise<{ status: number; body: string }>;

/** The RPC error codes of Bitcoin Core (src/rpc/protocol.h) that the adapters act on. */
export const rpcErrorCodes = {
  invalidAddressOrKey: -5,
  invalidParameter: -8,
  clientNotConnected: -9,
  clientInInitialDownload: -10,
  deserializationError: -22,
  verifyError: -25,
  verifyRejected: -26,
  verifyAlreadyInChain: -27,
  inWarmup: -28,
  methodNotFound: -32601,
} as const;

/** The node answered a call with a JSON-RPC error object. */
export class RpcError extends Error {
  override readonly name = "RpcError";
  constructor(
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
  ) {
    super(`${method}: RPC error ${code}: ${rpcMessage}`);
  }
}

/** One call of a batch: its result, or the RPC error the node answered it with. */
export type BatchAnswer<T> = { ok: true; result: T } | { ok: false; error: RpcError };

export interface JsonRpcClient {
  /** Calls `method`; the result must match `result`. Throws RpcError or ChainBackendError. */
  call<T>(method: string, params: readonly unknown[], result: z.ZodType<T>): Promise<T>;
  /**
   * Calls `method` once per params in ONE request (a JSON-RPC batch, which Bitcoin Core answers with one
   * reply per call, under HTTP 200): each answer in the order asked. Throws ChainBackendError when the
   * reply as a whole is not a batch's.
   */
  batch<T>(
    method: string,
    params: readonly (readonly unknown[])[],
    result: z.ZodType<T>,
  ): Promise<BatchAnswer<T>[]>;
}

// 1.0 and 2.0 replies both fit: 1.0 carries `result` and `error` (one null), 2.0 only the one that applies.
const responseSchema = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number().int(), message: z.string() }).nullish(),
});

export function jsonRpcClient(transport: JsonRpcTransport): JsonRpcClient {
  let nextId = 1;
  return {
    async call(method, params, result) {
      const id = nextId++;
      // "1.0": the legacy protocol every Bitcoin Core version speaks, with its documented HTTP statuses.
      const reply = await transport(JSON.stringify({ jsonrpc: "1.0", id, method, params }));
      return readReply(method, reply, result);
    },
    async batch(method, paramsList, result) {
      if (paramsList.length === 0) return [];
      const first = nextId;
      nextId += paramsList.length;
      const requests = paramsList.map((params, i) => ({ jsonrpc: "1.0", id: first + i, method, params }));
      const reply = await transport(JSON.stringify(requests));
      return readBatchReply(method, reply, first, paramsList.length, result);
    },
  };
}

const batchItemSchema = responseSchema.extend({ id: z.number().int() });

function readBatchReply<T>(
  method: string,
  reply: { status: number; body: string },
  firstId: number,
  count: number,
  result: z.ZodType<T>,
): BatchAnswer<T>[] {
  const parsed = z.array(batchItemSchema).safeParse(parseJson(reply.body));
  if (!parsed.success) {
    // A single error object instead of the batch's array: the node refused the request as a whole.
    const single = responseSchema.safeParse(parseJson(reply.body));
    if (single.success && single.data.error) {
      throw new RpcError(method, single.data.error.code, single.data.error.message);
    }
    if (reply.status !== 200) throw statusFailure(reply.status, method);
    throw new ChainBackendError("invalid-response", `${method}: the reply is not a JSON-RPC batch`);
  }
  const byId = new Map(parsed.data.map((item) => [item.id, item]));
  return Array.from({ length: count }, (_, i): BatchAnswer<T> => {
    const item = byId.get(firstId + i);
    if (item === undefined) {
      throw new ChainBackendError("invalid-response", `${method}: the batch's reply lacks call ${i + 1}`);
    }
    if (item.error) return { ok: false, error: new RpcError(method, item.error.code, item.error.message) };
    const checked = result.safeParse(item.result);
    if (!checked.success) {
      throw new ChainBackendError(
        "invalid-response",
        `${method}: unexpected result (${describeIssue(checked.error)})`,
      );
    }
    return { ok: true, result: checked.data };
  });
}

function readReply<T>(method: string, reply: { status: number; body: string }, result: z.ZodType<T>): T {
  const parsed = responseSchema.safeParse(parseJson(reply.body));
  // An RPC error object comes under 500, 404 or 400 (200 for JSON-RPC 2.0): it says more than the status.
  if (parsed.success && parsed.data.error) {
    throw new RpcError(method, parsed.data.error.code, parsed.data.error.message);
  }
  if (reply.status !== 200) throw statusFailure(reply.status, method);
  if (!parsed.success) {
    throw new ChainBackendError("invalid-response", `${method}: the reply is not a JSON-RPC response`);
  }
  const checked = result.safeParse(parsed.data.result);
  if (!checked.success) {
    throw new ChainBackendError(
      "invalid-response",
      `${method}: unexpected result (${describeIssue(checked.error)})`,
    );
  }
  return checked.data;
}
