import { z } from "zod";
import { satsSchema } from "./money.js";
import { plainText } from "./text.js";

// The sandbox chain's controls (CHAIN_BACKEND=sandbox, never in production), for `npm run sandbox` and the
// end-to-end tests: pay from its faucet, mine blocks, reorganise the last ones.

/** `POST /api/dev/sandbox/pay`: the faucet pays `amountSats` to `address` (a mempool transaction). */
export const devSandboxPayBodySchema = z.object({
  address: z.string().trim().check(plainText).min(1).max(100),
  amountSats: satsSchema,
});
export type DevSandboxPayBody = z.infer<typeof devSandboxPayBodySchema>;

/** `POST /api/dev/sandbox/mine`: mines `blocks` blocks (1 when not given). */
export const devSandboxMineBodySchema = z.object({ blocks: z.int().min(1).max(1000).optional() });
export type DevSandboxMineBody = z.infer<typeof devSandboxMineBodySchema>;

/**
 * `POST /api/dev/sandbox/reorg`: replaces the last `depth` blocks with `depth + 1` new ones. Their
 * transactions go back to the mempool, or with `drop` leave the network.
 */
export const devSandboxReorgBodySchema = z.object({
  depth: z.int().min(1).max(100),
  drop: z.boolean().optional(),
});
export type DevSandboxReorgBody = z.infer<typeof devSandboxReorgBodySchema>;

export const devSandboxPayResponseSchema = z.object({ txid: z.string() });
/** The new blocks' hashes and the chain's height after them. */
export const devSandboxBlocksResponseSchema = z.object({ hashes: z.array(z.string()), height: z.int() });
