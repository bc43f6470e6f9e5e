import {
  apiPaths,
  type TwoFactorSetupBody,
  type TwoFactorSetupResponse,
  twoFactorSetupResponseSchema,
} from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * `POST /api/account/two-factor/setup`: after the current password, a new authenticator secret, pending
 * until a code confirms it.
 */
export function setupTwoFactor(body: TwoFactorSetupBody): Promise<TwoFactorSetupResponse> {
  return api.post(apiPaths.account.twoFactorSetup, body, twoFactorSetupResponseSchema);
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
