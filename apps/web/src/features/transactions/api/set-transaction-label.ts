import { apiPaths, labelResponseSchema, type Transaction } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `PUT /api/transactions/:transactionId/label`: the customer's own label (`""` removes it). */
export async function setTransactionLabel(transactionId: string, label: string): Promise<string | null> {
  const path = apiPaths.transactions.label(transactionId);
  const answer = await api.put(path, { label }, labelResponseSchema);
  return answer.label;
}

/**
 * The details show the new label at once; the history is asked again, so that its search (which matches
 * labels) and its rows agree with it.
 */
export function useSetTransactionLabel(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => setTransactionLabel(transactionId, label),
    onSuccess: (label) => {
      queryClient.setQueryData<Transaction>(
        queryKeys.transactions.one(transactionId),
        (transaction) => transaction && { ...transaction, label },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
    },
  });
}
