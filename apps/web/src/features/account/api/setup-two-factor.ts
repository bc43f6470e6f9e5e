import { apiPaths, type TwoFactorSetupResponse, twoFactorSetupResponseSchema } from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/account/two-factor/setup`: a new authenticator secret, pending until a code confirms it. */
export function setupTwoFactor(): Promise<TwoFactorSetupResponse> {
  return api.post(apiPaths.account.twoFactorSetup, {}, twoFactorSetupResponseSchema);
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
