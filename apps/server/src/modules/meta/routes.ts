import { type MetaResponse, metaResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ChainBackendConfig } from "../../bitcoin/chain/create-chain-backend.js";
import type { BitcoinNetwork } from "../../bitcoin/network.js";

/** Bitcoin's target time between blocks, on its public networks (mainnet, testnet, signet). */
const TARGET_BLOCK_SECONDS = 600;

/** How long a block takes on average here; null when blocks are mined only on demand. */
function blockIntervalSeconds(chain: ChainBackendConfig, network: BitcoinNetwork): number | null {
  if (chain.kind === "sandbox") return chain.blockSeconds > 0 ? chain.blockSeconds : null;
  return network === "regtest" ? null : TARGET_BLOCK_SECONDS;
}

/** What the configuration says of the installation, as GET /api/meta tells it. */
export function installationFacts(config: {
  brandName: string;
  chainBackend: ChainBackendConfig;
  bitcoinNetwork: BitcoinNetwork;
  confirmations: number;
}): MetaResponse {
  return {
    brandName: config.brandName,
    chain: config.chainBackend.kind,
    confirmations: config.confirmations,
    blockIntervalSeconds: blockIntervalSeconds(config.chainBackend, config.bitcoinNetwork),
  };
}

/** What the web app needs to know about this installation before anyone signs in. */
export const metaRoutes: FastifyPluginAsyncZod<MetaResponse> = async (app, facts) => {
  app.get(
    "/meta",
    {
      schema: {
        summary: "Installation facts the web app shows, such as the brand name",
        tags: ["meta"],
        response: { 200: metaResponseSchema },
      },
    },
    async () => ({
      brandName: facts.brandName,
      chain: facts.chain,
      confirmations: facts.confirmations,
      blockIntervalSeconds: facts.blockIntervalSeconds,
    }),
  );
};
