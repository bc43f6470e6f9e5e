import { type MetaResponse, metaResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** What the configuration says of the installation, as GET /api/meta tells it. */
export function installationFacts(config: {
  brandName: string;
  chainBackend: { kind: MetaResponse["chain"] };
  confirmations: number;
}): MetaResponse {
  return {
    brandName: config.brandName,
    chain: config.chainBackend.kind,
    confirmations: config.confirmations,
  };
}

/** What the web app needs to know about this installation before anyone signs in. */
export const metaRoutes: FastifyPluginAsyncZod<MetaResponse> = async (
  app,
  { brandName, chain, confirmations },
) => {
  app.get(
    "/meta",
    {
      schema: {
        summary: "Installation facts the web app shows, such as the brand name",
        tags: ["meta"],
        response: { 200: metaResponseSchema },
      },
    },
    async () => ({ brandName, chain, confirmations }),
  );
};
