import { apiPaths, externalWalletResponseSchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { setExternalWallet } from "./connect-external-wallet";

/** `POST /api/external-wallets/disconnect`: forgets the connected wallet. */
export async function disconnectExternalWallet(): Promise<void> {
  await api.post(apiPaths.externalWallets.disconnect, {}, externalWalletResponseSchema);
}

export function useDisconnectExternalWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectExternalWallet,
    onSuccess: () => setExternalWallet(queryClient, null),
    // Connected elsewhere or already gone (a 404): read what the server holds now.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.externalWallets.all }),
  });
}
