import {
  apiPaths,
  type ConnectWalletBody,
  type ExternalWallet,
  externalWalletResponseSchema,
} from "@satsbank/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `POST /api/external-wallets`: the signed challenge; answers the wallet it connected. */
export async function connectExternalWallet(body: ConnectWalletBody): Promise<ExternalWallet> {
  const { wallet } = await api.post(apiPaths.externalWallets.current, body, externalWalletResponseSchema);
  if (wallet === null) throw new Error("The server connected no wallet");
  return wallet;
}

/** The connected wallet, as every screen that shows it reads it (Connect Wallet, the send screen). */
export function setExternalWallet(queryClient: QueryClient, wallet: ExternalWallet | null) {
  queryClient.setQueryData(queryKeys.externalWallets.current, wallet);
}

export function useConnectExternalWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectExternalWallet,
    onSuccess: (wallet) => setExternalWallet(queryClient, wallet),
  });
}
