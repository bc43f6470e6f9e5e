import { useQuery } from "@tanstack/react-query";
import { walletSummaryQueryOptions } from "@/lib/api/wallet-summary";

/** `GET /api/wallet`: the signed-in customer's balance, what they may send, and the USD price. */
export function useWalletSummary() {
  return useQuery(walletSummaryQueryOptions);
}
