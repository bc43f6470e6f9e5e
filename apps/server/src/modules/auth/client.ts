import type { FastifyRequest } from "fastify";
import { normalizeAddress } from "../../domain/ip-address.js";
import type { Client } from "./context.js";

/** The client of a request: its address (from X-Forwarded-For only with TRUST_PROXY) and browser. */
export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers["user-agent"];
  return { ip: normalizeAddress(request.ip), userAgent: userAgent?.slice(0, 512) };
}
