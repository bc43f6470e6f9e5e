import { apiPaths, type Transaction, transactionResponseSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { pendingPoll } from "../lib/pending-poll";

/** `GET /api/transactions/:transactionId`: one of the customer's own transactions (404 for anyone else's). */
export async function getTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction> {
  const path = apiPaths.transactions.one(transactionId);
  const { transaction } = await api.get(path, transactionResponseSchema, { signal });
  return transaction;
}

/**
 * The latest state of a transaction the list already holds (a pending one may have confirmed). The list's
 * copy shows at once, and stays if the request fails. Asked again while it is pending.
 */
export function useTransaction(listed: Transaction, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.transactions.one(listed.id),
    queryFn: ({ signal }) => getTransaction(listed.id, signal),
    placeholderData: listed,
    enabled,
    refetchInterval: (query) => pendingPoll(query.state.data ? [query.state.data] : undefined),
  });
}
