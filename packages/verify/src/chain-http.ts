import { ChainReadError } from "./chain-reader.js";

// What the chain readers share: HTTP with the credentials taken out of the URL (fetch refuses a URL that
// holds them, and no message may repeat them), and a bound on requests in flight.

/** The longest the verifier waits for one answer of a backend. */
const TIMEOUT_MS = 60_000;

export type HttpTarget = {
  /** The URL without user and password. */
  url: URL;
  /** The URL in words for messages: origin and path, never the credentials. */
  shown: string;
  headers: Record<string, string>;
};

/** `url` split into where to send and the HTTP Basic credentials it carried (if any). */
export function httpTarget(url: URL): HttpTarget {
  const bare = new URL(url.href);
  const headers: Record<string, string> = {};
  if (url.username !== "" || url.password !== "") {
    const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(pair)))}`;
  }
  bare.username = "";
  bare.password = "";
  bare.search = "";
  bare.hash = "";
  const shown = `${bare.origin}${bare.pathname === "/" ? "" : bare.pathname.replace(/\/+$/, "")}`;
  return { url: bare, shown, headers };
}

/** One HTTP exchange; a network failure or a timeout is a ChainReadError naming `name` and what failed. */
export async function exchange(
  fetchImpl: typeof fetch,
  name: string,
  url: URL,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    throw new ChainReadError(`${name} cannot be reached (${reasonOf(error)})`);
  }
}

/** A fetch failure in words: the system's code (ECONNREFUSED, ENOTFOUND) or a timeout, never a URL. */
function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError")
    return `no answer in ${TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.name : "unknown error";
}

/** `work` over `items`, at most `limit` at a time; answers in the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Parsed JSON, or a ChainReadError saying `name` answered `what` with something else. */
export function parseJson(text: string, name: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ChainReadError(`${name} answered ${what} with something that is not JSON`);
  }
}

export const isHash = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
/** A whole number from 0 up (a block height, an amount of satoshis), exact as a JSON number. */
export const isWhole = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
export const isHeight = isWhole;
export const isHex = (value: unknown): value is string =>
  typeof value === "string" && /^(?:[0-9a-f]{2})*$/.test(value);
