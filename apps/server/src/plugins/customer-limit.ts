import type { FastifyRequest } from "fastify";
import type { RateLimiter } from "../adapters/rate-limit/limiter.js";
import type { RateLimitRule } from "../domain/rate-limit.js";
import { signedIn } from "./session.js";

/**
 * preHandler: counts the request toward the signed-in customer's limit, 429 when it is full. Counted in
 * the database (the one rate limiter), so the limit holds across processes and restarts. The ledger stays
 * correct either way; this only slows abuse. Goes after the check that the request is signed in.
 */
export const perCustomer = (limiter: RateLimiter, rule: RateLimitRule) => async (request: FastifyRequest) => {
  await limiter.take({ rule, key: signedIn(request).user.id });
};
