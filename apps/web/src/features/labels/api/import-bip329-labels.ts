import { apiPaths, type Bip329ImportResult, bip329ImportResultSchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * `POST /api/labels/bip329` with a BIP-329 file's text (JSON Lines): merges its labels for the customer's
 * own transactions and addresses, and answers how many it set and each line it skipped with why.
 */
export function importBip329Labels(text: string): Promise<Bip329ImportResult> {
  return apiRequest(apiPaths.labels.bip329, {
    method: "POST",
    text: { body: text, contentType: "application/jsonl" },
    schema: bip329ImportResultSchema,
  });
}

/** An import changes labels in the history, on the receive screen and on the connected wallet. */
export function useImportBip329Labels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBip329Labels,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.receive });
      void queryClient.invalidateQueries({ queryKey: queryKeys.externalWallets.all });
    },
  });
}
