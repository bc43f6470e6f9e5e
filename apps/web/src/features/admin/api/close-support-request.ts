import { type AdminSupportRequest, adminSupportRequestResponseSchema, apiPaths } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `POST /api/admin/support/:requestId/close`: nothing more to do for it. */
export async function closeSupportRequest(requestId: string): Promise<AdminSupportRequest> {
  const { request } = await api.post(
    apiPaths.admin.supportClose(requestId),
    {},
    adminSupportRequestResponseSchema,
  );
  return request;
}

export function useCloseSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeSupportRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.support.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
