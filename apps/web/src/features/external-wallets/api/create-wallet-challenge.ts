import {
  apiPaths,
  type WalletChallenge,
  type WalletChallengeBody,
  walletChallengeSchema,
} from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/external-wallets/challenges`: the message to sign with the address (good once, 10 minutes). */
export function createWalletChallenge(body: WalletChallengeBody): Promise<WalletChallenge> {
  return api.post(apiPaths.externalWallets.challenges, body, walletChallengeSchema);
}

export function useCreateWalletChallenge() {
  return useMutation({ mutationFn: createWalletChallenge });
}
