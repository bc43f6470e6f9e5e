import { exchange, type HttpTarget, parseJson } from "./chain-http.js";
import { ChainReadError } from "./chain-reader.js";

// A JSON-RPC client as Bitcoin Core speaks it, in batches: an array of calls in one POST, which Core answers
// with 200 and one reply per call (src/httprpc.cpp); a refused password is 401 with an empty body.

/** Calls per batch. */
const BATCH_CALLS = 500;

export type Call = { method: string; params: readonly unknown[] };
export type Reply = { ok: true; result: unknown } | { ok: false; code: number; message: string };

export function jsonRpcClient(target: HttpTarget, fetchImpl: typeof fetch, name: string) {
  const headers = { ...target.headers, "content-type": "application/json" };
  const hasCredentials = target.headers.authorization !== undefined;
  let nextId = 1;

  /** One JSON-RPC batch: a reply per call, in the calls' order. */
  async function batch(calls: readonly Call[]): Promise<Reply[]> {
    if (calls.length === 0) return [];
    const first = nextId;
    nextId += calls.length;
    const body = JSON.stringify(calls.map((call, i) => ({ jsonrpc: "1.0", id: first + i, ...call })));
    const what = calls[0]?.method ?? "";
    const answer = await exchange(fetchImpl, name, target.url, { method: "POST", headers, body });
    if (answer.status === 401)
      throw new ChainReadError(
        hasCredentials
          ? `${name} refused the user name and password (HTTP 401)`
          : `${name} asks for a user name and password (HTTP 401): put them in the URL, user:password@host`,
      );
    if (answer.status !== 200) {
      const said = (parseQuietly(answer.body) as { error?: { message?: unknown } } | null)?.error?.message;
      const words = typeof said === "string" ? `: ${said}` : "";
      throw new ChainReadError(`${name} answered HTTP ${answer.status} to ${what}${words}`);
    }
    const replies = parseJson(answer.body, name, what);
    if (!Array.isArray(replies))
      throw new ChainReadError(`${name} answered a batch of ${what} with no batch`);
    const byId = new Map<unknown, { result?: unknown; error?: { code?: unknown; message?: unknown } | null }>(
      replies.map((reply) => [reply?.id, reply]),
    );
    return calls.map((call, i) => {
      const reply = byId.get(first + i);
      if (reply === undefined) throw new ChainReadError(`${name} left a call of ${call.method} unanswered`);
      const { error } = reply;
      if (error === null || error === undefined) return { ok: true, result: reply.result };
      return { ok: false, code: Number(error.code), message: String(error.message) };
    });
  }

  /** A batch in chunks of BATCH_CALLS, one after the other. */
  async function batches(calls: readonly Call[]): Promise<Reply[]> {
    const replies: Reply[] = [];
    for (let at = 0; at < calls.length; at += BATCH_CALLS)
      replies.push(...(await batch(calls.slice(at, at + BATCH_CALLS))));
    return replies;
  }

  function resultOf(reply: Reply | undefined, method: string): unknown {
    if (reply === undefined) throw new ChainReadError(`${name} left a call of ${method} unanswered`);
    if (!reply.ok) throw new ChainReadError(`${name} refused ${method}: ${reply.message} (${reply.code})`);
    return reply.result;
  }

  return { batch, batches, resultOf };
}

function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
