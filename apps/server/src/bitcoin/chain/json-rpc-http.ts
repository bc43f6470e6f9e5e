// The HTTP transport to a Bitcoin Core node's RPC port. Credentials travel only in the Authorization
// header: no error message, log line or URL in an error carries them.
import { readFile } from "node:fs/promises";
import { ChainBackendError } from "./chain-backend.js";
import { unreachable } from "./http-failure.js";
import type { JsonRpcTransport } from "./json-rpc.js";

export interface HttpJsonRpcTransportOptions {
  /** The RPC endpoint, e.g. http://127.0.0.1:18443/. User and password in the URL are accepted too. */
  url: string;
  username?: string;
  password?: string;
  /**
   * Bitcoin Core's `.cookie` file (`__cookie__:<token>`), used when no username is given. The node writes
   * a new token at every start, so the file is read again after a 401.
   */
  cookieFile?: string;
  timeoutMs: number;
}

const basic = (userColonPassword: string) => `Basic ${Buffer.from(userColonPassword).toString("base64")}`;

export function httpJsonRpcTransport(options: HttpJsonRpcTransportOptions): JsonRpcTransport {
  const url = new URL(options.url);
  const inUrl = url.username
    ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
    : null;
  url.username = "";
  url.password = "";
  const endpoint = url.toString();
  const where = `${url.protocol}//${url.host}${url.pathname}`;

  let fixed: string | null = null;
  if (options.username !== undefined) fixed = basic(`${options.username}:${options.password ?? ""}`);
  else if (inUrl !== null) fixed = basic(inUrl);
  const cookieFile = fixed === null ? options.cookieFile : undefined;

  let cookie: string | null = null;
  async function readCookie(): Promise<string> {
    let text: string;
    try {
      text = await readFile(cookieFile ?? "", "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      // Without its cookie file the node is most likely not running (yet).
      throw new ChainBackendError("unavailable", `Cannot read the RPC cookie file ${cookieFile} (${code})`);
    }
    const userColonPassword = text.trim();
    if (!userColonPassword.includes(":")) {
      throw new ChainBackendError("unauthorized", `The RPC cookie file ${cookieFile} holds no user:password`);
    }
    cookie = basic(userColonPassword);
    return cookie;
  }

  async function post(body: string, authorization: string | null) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (authorization !== null) headers.authorization = authorization;
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      throw unreachable(error, `The node at ${where}`, options.timeoutMs);
    }
  }

  return async (body) => {
    if (cookieFile === undefined) return post(body, fixed);
    const sent = cookie ?? (await readCookie());
    const reply = await post(body, sent);
    if (reply.status !== 401) return reply;
    const fresh = await readCookie();
    // The same token refused again: the node really refuses it (and makes every attempt wait).
    return fresh === sent ? reply : post(body, fresh);
  };
}
