import {
  apiPaths,
  type KycOverview,
  type KycSubmission,
  type KycSubmissionBody,
  kycSubmissionResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `POST /api/kyc/submissions`: the basic level's three documents, or the enhanced level's declaration. */
export async function submitKyc(body: KycSubmissionBody): Promise<KycSubmission> {
  const { submission } = await api.post(apiPaths.kyc.submissions, body, kycSubmissionResponseSchema);
  return submission;
}

/**
 * The new submission is the level's latest at once (the status screen opens on it, pending), and the
 * documents it took are drafts no more; the server's overview then replaces the guess.
 */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (submission) => {
      queryClient.setQueryData<KycOverview>(queryKeys.kyc.overview, (overview) => {
        if (!overview) return overview;
        if (submission.level === "enhanced") {
          return { ...overview, enhanced: submission, drafts: { ...overview.drafts, source_of_funds: null } };
        }
        const drafts = { ...overview.drafts, identity: null, address: null, selfie: null };
        return { ...overview, basic: submission, drafts, resume: "status" };
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.kyc.all });
    },
  });
}
