import {
  apiPaths,
  type WithdrawalDecisionResponse,
  withdrawalDecisionResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { withPasskeyApproval } from "@/lib/passkey";
import { refreshAfterDecision } from "./list-withdrawals";

/**
 * `POST /api/admin/withdrawals/:withdrawalId/approve`: this member of staff's approval. Answers how many it
 * has of how many it needs; with all of them it is queued for the next payout. A 409 when it no longer
 * waits, or when this person approved it already (four eyes). Staff with a passkey confirm it on their
 * device (step-up): the 403 PASSKEY_REQUIRED's challenge is signed and the approval sent again with it.
 * `onApproving(true)` when the browser's dialog opens, `(false)` once it closed.
 */
export function approveWithdrawal(
  withdrawalId: string,
  onApproving: (approving: boolean) => void = () => {},
): Promise<WithdrawalDecisionResponse> {
  return withPasskeyApproval(
    (approval) =>
      api.post(
        apiPaths.admin.approveWithdrawal(withdrawalId),
        approval ? { approval } : undefined,
        withdrawalDecisionResponseSchema,
      ),
    onApproving,
  );
}

export function useApproveWithdrawal(onApproving?: (approving: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withdrawalId: string) => approveWithdrawal(withdrawalId, onApproving),
    onSettled: () => refreshAfterDecision(queryClient),
  });
}
