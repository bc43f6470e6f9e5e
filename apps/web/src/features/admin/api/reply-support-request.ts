import {
  type AdminSupportRequest,
  adminSupportRequestResponseSchema,
  apiPaths,
  type SupportReplyBody,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface ReplySupportRequestInput extends SupportReplyBody {
  requestId: string;
}

/** `POST /api/admin/support/:requestId/reply`: mailed to the customer and notified; the request is answered. */
export async function replySupportRequest({
  requestId,
  message,
}: ReplySupportRequestInput): Promise<AdminSupportRequest> {
  const { request } = await api.post(
    apiPaths.admin.supportReply(requestId),
    { message },
    adminSupportRequestResponseSchema,
  );
  return request;
}

export function useReplySupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replySupportRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.support.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
