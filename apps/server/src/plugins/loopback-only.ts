import type { FastifyRequest } from "fastify";
import { AppError } from "../domain/app-error.js";
import { isLoopbackAddress } from "../domain/ip-address.js";
import { namesLoopbackHost } from "./allowed-hosts.js";

/**
 * The request comes from this machine and names it: a loopback source address AND a loopback host
 * (localhost, 127.0.0.1 or [::1]). The address alone is not enough: a page of another site whose name
 * was pointed at 127.0.0.1 (DNS rebinding) reaches the server from loopback, naming its own host; and
 * PUBLIC_URL's host, which the server also answers, is no proof of being on this machine. Behind a proxy,
 * TRUST_PROXY makes `request.ip` the client's and the host the forwarded one.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.ip) && namesLoopbackHost(request);
}

/**
 * onRequest hook of a development tool's routes (the dev mailbox, the test clock, the sandbox chain): it
 * answers only clients on this machine (fromThisMachine), anyone else a 403 with `text`. Registered in
 * the tool's own plugin, it sees exactly the requests routed to that tool.
 */
export const loopbackOnly = (text: string) => async (request: FastifyRequest) => {
  if (!fromThisMachine(request)) throw new AppError("FORBIDDEN", text);
};
