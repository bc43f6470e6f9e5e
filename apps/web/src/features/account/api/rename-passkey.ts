import { apiPaths, type Passkey, passkeyResponseSchema, type RenamePasskeyBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `PATCH /api/account/passkeys/:passkeyId { name }`: the passkey renamed. */
export async function renamePasskey({ id, ...body }: RenamePasskeyBody & { id: string }): Promise<Passkey> {
  const { passkey } = await api.patch(apiPaths.account.passkey(id), body, passkeyResponseSchema);
  return passkey;
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
  });
}
