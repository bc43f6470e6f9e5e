import { apiPaths, labelResponseSchema, type ReceiveInfo } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `PUT /api/labels/addresses/:address`: the customer's label of one of their deposit addresses. */
export async function setAddressLabel(address: string, label: string): Promise<string | null> {
  const answer = await api.put(apiPaths.labels.address(address), { label }, labelResponseSchema);
  return answer.label;
}

/** The receive screen shows the new label at once (while its address is still the current one). */
export function useSetAddressLabel(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => setAddressLabel(address, label),
    onSuccess: (label) => {
      queryClient.setQueryData<ReceiveInfo>(queryKeys.wallet.receive, (info) =>
        info && info.address === address ? { ...info, label } : info,
      );
    },
  });
}
