import { apiPaths, type PasskeySettingsBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { FreshProofGate } from "../lib/fresh-proof";

/** `PATCH /api/account/passkeys/settings`: turning the approval off needs a fresh proof, on does not. */
export function updatePasskeySettings(body: PasskeySettingsBody): Promise<void> {
  return api.patch(apiPaths.account.passkeySettings, body);
}

export function useUpdatePasskeySettings(gate: FreshProofGate) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasskeySettingsBody) => gate(() => updatePasskeySettings(body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
  });
}
