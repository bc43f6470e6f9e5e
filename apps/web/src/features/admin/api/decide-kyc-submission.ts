import { apiPaths, type KycDecisionBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface DecideKycSubmissionInput extends KycDecisionBody {
  submissionId: string;
}

/**
 * `POST /api/admin/kyc/submissions/:submissionId/decision`: approve or reject, with the reason the customer
 * reads (required to reject and to override an automated decision). The answer is not read: the queue is
 * asked again.
 */
export function decideKycSubmission({ submissionId, ...body }: DecideKycSubmissionInput): Promise<undefined> {
  return api.post(apiPaths.admin.kycDecision(submissionId), body);
}

export function useDecideKycSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideKycSubmission,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.kycReviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
