import {
  type AdminCustomer,
  adminCustomerResponseSchema,
  apiPaths,
  type CustomerStatusBody,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface CustomerStatusInput extends CustomerStatusBody {
  userId: string;
}

/**
 * `POST /api/admin/customers/:userId/deactivate`: with the reason staff give (kept in the audit log). The
 * customer cannot sign in or send, their sessions end at once, and they are told.
 */
export async function deactivateCustomer({ userId, reason }: CustomerStatusInput): Promise<AdminCustomer> {
  const { customer } = await api.post(
    apiPaths.admin.deactivateCustomer(userId),
    { reason },
    adminCustomerResponseSchema,
  );
  return customer;
}

export function useDeactivateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateCustomer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
