import type { FastifyRequest } from "fastify";
import type { Client } from "../domain/device.js";
import { normalizeAddress } from "../domain/ip-address.js";
import { type StaffActor, staffActor } from "../domain/staff.js";
import { signedIn } from "./session.js";

/** The client of a request: its address (from X-Forwarded-For only with TRUST_PROXY) and browser. */
export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers["user-agent"];
  return { ip: normalizeAddress(request.ip), userAgent: userAgent?.slice(0, 512) };
}

/** The signed-in member of staff of a request and where they act from: every staff action is audited with it. */
export function staffActorOf(request: FastifyRequest): StaffActor {
  return staffActor(signedIn(request).user, clientOf(request));
}
