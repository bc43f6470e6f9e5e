import { apiPaths, type SendBody, type Transaction, transactionResponseSchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { withPasskeyApproval } from "@/lib/passkey";
import { queryKeys } from "@/lib/query-keys";

/**
 * `POST /api/wallet/send`: moves the money. The idempotency key makes a retry safe: the same key with
 * the same body answers the first result, so a send is never made twice.
 */
export async function sendBitcoin(body: SendBody): Promise<Transaction> {
  const { transaction } = await api.post(apiPaths.wallet.send, body, transactionResponseSchema);
  return transaction;
}

/**
 * A send as the review confirms it: a withdrawal of a customer with a passkey first answers 403
 * PASSKEY_REQUIRED; the browser signs the challenge and the same body (the same idempotency key) goes
 * again with the approval. `onApproving(true)` when the browser's dialog opens, `(false)` once it closed.
 */
export function sendApproved(
  body: SendBody,
  onApproving: (approving: boolean) => void,
): Promise<Transaction> {
  return withPasskeyApproval((approval) => sendBitcoin(approval ? { ...body, approval } : body), onApproving);
}

/**
 * After a send the balance and the history have changed. The refresh is awaited, so the dashboard opens
 * on the new balance rather than flashing the old one. A refused send may mean the balance changed
 * elsewhere: the summary is asked again without holding up the error.
 */
export function useSendBitcoin(onApproving: (approving: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBody) => sendApproved(body, onApproving),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    },
  });
}
