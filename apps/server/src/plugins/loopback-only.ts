import type { FastifyRequest } from "fastify";
import { AppError } from "../domain/app-error.js";
import { isLoopbackAddress } from "../domain/ip-address.js";

/**
 * onRequest hook of a development tool's routes (the dev mailbox, the test clock, the sandbox chain): it
 * answers only clients on this machine (a loopback address), anyone else a 403 with `text`. Registered in
 * the tool's own plugin, it sees exactly the requests routed to that tool. Behind a proxy, TRUST_PROXY
 * makes `request.ip` the client's.
 */
export const loopbackOnly = (text: string) => async (request: FastifyRequest) => {
  if (!isLoopbackAddress(request.ip)) throw new AppError("FORBIDDEN", text);
};
