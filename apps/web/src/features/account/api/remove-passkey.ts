import { apiPaths } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { FreshProofGate } from "../lib/fresh-proof";

/** `DELETE /api/account/passkeys/:passkeyId` (the last one needs a fresh proof: 403 `reauthenticate`). */
export function removePasskey(id: string): Promise<void> {
  return api.delete(apiPaths.account.passkey(id));
}

export function useRemovePasskey(gate: FreshProofGate) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gate(() => removePasskey(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
  });
}
