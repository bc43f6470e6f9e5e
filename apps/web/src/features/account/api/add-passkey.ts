import {
  apiPaths,
  type Passkey,
  passkeyRegistrationOptionsSchema,
  passkeyResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { createPasskey } from "@/lib/passkey";
import { queryKeys } from "@/lib/query-keys";
import type { FreshProofGate } from "../lib/fresh-proof";

/**
 * Adds a passkey: `POST /api/auth/passkeys/registration/options` (a fresh proof first, or 403
 * `reauthenticate`), the browser's dialog, then `.../registration/verify` with the new credential and its
 * name (without one the server names it after the device).
 */
export async function addPasskey({ name }: { name?: string | undefined }): Promise<Passkey> {
  const { challengeId, options } = await api.post(
    apiPaths.auth.passkeys.registrationOptions,
    {},
    passkeyRegistrationOptionsSchema,
  );
  const response = await createPasskey(options);
  const { passkey } = await api.post(
    apiPaths.auth.passkeys.registrationVerify,
    { challengeId, response, ...(name ? { name } : {}) },
    passkeyResponseSchema,
  );
  return passkey;
}

/** Security > Passkeys' changes refresh the account's queries: the list and the login history. */
export function useAddPasskey(gate: FreshProofGate) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string | undefined }) => gate(() => addPasskey(body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
  });
}
