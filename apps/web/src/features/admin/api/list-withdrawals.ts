import {
  type AdminWithdrawalPage,
  type ApprovalsFilter,
  adminWithdrawalPageSchema,
  apiPaths,
} from "@satsbank/shared";
import { keepPreviousData, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { keysetPaging } from "@/lib/keyset-paging";
import { queryKeys } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/**
 * `GET /api/admin/withdrawals?status=awaiting_approval`: the withdrawals waiting for staff (or held for a
 * new address), oldest first, each with the customer's context.
 */
export function listWithdrawals(
  status: ApprovalsFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminWithdrawalPage> {
  return api.get(withQuery(apiPaths.admin.withdrawals, { status, cursor }), adminWithdrawalPageSchema, {
    signal,
  });
}

export function useWithdrawals(status: ApprovalsFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.approvals.list(status),
    queryFn: ({ pageParam, signal }) => listWithdrawals(status, pageParam, signal),
    ...keysetPaging,
    placeholderData: keepPreviousData,
  });
}

/**
 * After a decision (or a refusal: someone else decided first) the queue is asked again; a rejection gives
 * the money back, so the customers' balances, the books and the audit log change too.
 */
export function refreshAfterDecision(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.approvals.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.books }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
  ]);
}
