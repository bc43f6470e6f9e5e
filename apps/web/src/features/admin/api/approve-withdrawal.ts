import {
  apiPaths,
  type WithdrawalDecisionResponse,
  withdrawalDecisionResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterDecision } from "./list-withdrawals";

/**
 * `POST /api/admin/withdrawals/:withdrawalId/approve`: this member of staff's approval. Answers how many it
 * has of how many it needs; with all of them it is queued for the next payout. A 409 when it no longer
 * waits, or when this person approved it already (four eyes).
 */
export function approveWithdrawal(withdrawalId: string): Promise<WithdrawalDecisionResponse> {
  return api.post(
    apiPaths.admin.approveWithdrawal(withdrawalId),
    undefined,
    withdrawalDecisionResponseSchema,
  );
}

export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveWithdrawal, onSettled: () => refreshAfterDecision(queryClient) });
}
