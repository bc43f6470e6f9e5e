import {
  apiPaths,
  type WithdrawalDecisionResponse,
  type WithdrawalRejectBody,
  withdrawalDecisionResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterDecision } from "./list-withdrawals";

export interface RejectWithdrawalInput extends WithdrawalRejectBody {
  withdrawalId: string;
}

/**
 * `POST /api/admin/withdrawals/:withdrawalId/reject`: with the reason the customer reads; the amount and its
 * fee go back to them. A 409 when it no longer waits, or when this person decided it already.
 */
export function rejectWithdrawal({
  withdrawalId,
  ...body
}: RejectWithdrawalInput): Promise<WithdrawalDecisionResponse> {
  return api.post(apiPaths.admin.rejectWithdrawal(withdrawalId), body, withdrawalDecisionResponseSchema);
}

export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectWithdrawal, onSettled: () => refreshAfterDecision(queryClient) });
}
