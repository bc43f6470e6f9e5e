import { apiPaths, kycReviewPageSchema, listKycReviewsQuerySchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { listKycReviews } from "../kyc/index.js";

const tags = ["admin"];

/** KYC Reviews: the submissions staff decide (the decision itself is the kyc module's route). */
export const kycReviewsRoutes: FastifyPluginAsyncZod<{ ctx: { db: Db } }> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.kycSubmissions,
    {
      schema: {
        summary: "KYC Reviews: submissions of a status (pending oldest first) with documents and history",
        tags,
        querystring: listKycReviewsQuerySchema,
        response: { 200: kycReviewPageSchema },
      },
    },
    async (request) => listKycReviews({ ctx, query: request.query }),
  );
};
