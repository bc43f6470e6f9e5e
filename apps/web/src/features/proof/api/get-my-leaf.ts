import { apiPaths, myLeafSchema, proofNodeSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * The contract's leaf with its amounts read as any decimal text: whether the balance and each sum on the
 * path is an amount is one of the checks the page makes and names (lib/check-proof.ts), not a load error.
 */
const myLeafWireSchema = myLeafSchema.extend({
  balance: z.string(),
  path: z.array(proofNodeSchema.extend({ sum: z.string() })),
});
export type MyLeafWire = z.infer<typeof myLeafWireSchema>;

/** `GET /api/proof/:epoch/me` (signed in): the customer's leaf (salt, account, balance) and path. */
export function getMyLeaf(epoch: number, signal?: AbortSignal): Promise<MyLeafWire> {
  return api.get(apiPaths.proof.mine(epoch), myLeafWireSchema, { signal });
}

export function useMyLeaf(epoch: number | undefined) {
  return useQuery({
    queryKey: queryKeys.proof.mine(epoch ?? 0),
    queryFn: ({ signal }) => getMyLeaf(epoch ?? 0, signal),
    enabled: epoch !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
