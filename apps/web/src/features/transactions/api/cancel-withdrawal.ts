import { apiPaths, type Transaction, transactionResponseSchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * `POST /api/wallet/withdrawals/:transactionId/cancel`: the customer cancels their withdrawal while it is
 * held or waiting for approval; the amount and its fee come back. Answers the transaction as it now stands
 * (cancelled). A 409 (reason `notCancellable`) once it is on its way.
 */
export async function cancelWithdrawal(transactionId: string): Promise<Transaction> {
  const path = apiPaths.wallet.cancelWithdrawal(transactionId);
  const { transaction } = await api.post(path, undefined, transactionResponseSchema);
  return transaction;
}

/**
 * After a cancellation the transaction, the history and the balance have changed: the answer replaces the
 * transaction's copy at once, then the history and the wallet summary are asked again. A refusal means the
 * withdrawal moved on: the history is asked again too.
 */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: (transaction) => {
      queryClient.setQueryData(queryKeys.transactions.one(transaction.id), transaction);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
      ]);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
    },
  });
}
