import {
  apiPaths,
  devSandboxBlocksResponseSchema,
  devSandboxMineBodySchema,
  devSandboxPayBodySchema,
  devSandboxPayResponseSchema,
  devSandboxReorgBodySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { JsonRpcTransport } from "../../bitcoin/chain/json-rpc.js";
import type { SandboxControls } from "../../bitcoin/chain/sandbox-controls.js";
import { loopbackOnly } from "../../plugins/loopback-only.js";
import { sandboxRpcRoute } from "./rpc-routes.js";
import { sandboxCommand } from "./sandbox-command.js";

export const devSandboxLoopbackOnlyText =
  "The sandbox chain answers only on this machine, at localhost, 127.0.0.1 or [::1].";

export type DevSandboxOptions = {
  /** The sandbox node's controls, and its JSON-RPC (answered over HTTP, read-only) when it has one. */
  chain: { sandbox: SandboxControls | null; sandboxRpc?: JsonRpcTransport };
  /** Runs the chain follower now, so a payment or a block shows at once (when this process follows). */
  syncChainNow: () => Promise<unknown>;
};

/**
 * The sandbox chain's controls for `npm run sandbox` and the end-to-end tests: pay from the faucet, mine,
 * reorganise; and its JSON-RPC, read-only, for `satsbank-verify --chain sandbox`. app.ts registers them only
 * with CHAIN_BACKEND=sandbox (which production refuses), and they answer only loopback clients, like the
 * dev mailbox. Each control runs the chain follower before it answers.
 */
export const devSandboxRoutes: FastifyPluginAsyncZod<DevSandboxOptions> = async (
  app,
  { chain, syncChainNow },
) => {
  const node = chain.sandbox;
  if (node === null) return; // no sandbox, no sandbox routes
  app.addHook("onRequest", loopbackOnly(devSandboxLoopbackOnlyText));
  if (chain.sandboxRpc !== undefined) await app.register(sandboxRpcRoute, { rpc: chain.sandboxRpc });
  const run = <T>(work: () => Promise<T>) => sandboxCommand(work, syncChainNow);

  app.post(
    apiPaths.dev.sandbox.pay,
    {
      schema: {
        summary: "Sandbox only: the faucet pays an address",
        tags: ["dev"],
        body: devSandboxPayBodySchema,
        response: { 200: devSandboxPayResponseSchema },
      },
    },
    async (request) => {
      const { address, amountSats } = request.body;
      return { txid: await run(() => node.pay(address, BigInt(amountSats))) };
    },
  );

  app.post(
    apiPaths.dev.sandbox.mine,
    {
      schema: {
        summary: "Sandbox only: mine blocks",
        tags: ["dev"],
        body: devSandboxMineBodySchema,
        response: { 200: devSandboxBlocksResponseSchema },
      },
    },
    async (request) => {
      // A pass first: withdrawals waiting for a payout go into the mempool, and so into the new blocks.
      const hashes = await run(async () => {
        await syncChainNow();
        return node.mine(request.body.blocks ?? 1);
      });
      return { hashes, height: (await node.tip()).height };
    },
  );

  app.post(
    apiPaths.dev.sandbox.reorg,
    {
      schema: {
        summary: "Sandbox only: replace the last blocks",
        tags: ["dev"],
        body: devSandboxReorgBodySchema,
        response: { 200: devSandboxBlocksResponseSchema },
      },
    },
    async (request) => {
      const { depth, drop } = request.body;
      const hashes = await run(() => node.reorg(depth, { drop: drop ?? false }));
      return { hashes, height: (await node.tip()).height };
    },
  );
};
