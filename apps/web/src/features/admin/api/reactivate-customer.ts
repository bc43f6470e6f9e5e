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
 * `POST /api/admin/customers/:userId/reactivate`: with the reason staff give (kept in the audit log); the
 * customer may sign in again, and is told.
 */
export async function reactivateCustomer({ userId, reason }: CustomerStatusInput): Promise<AdminCustomer> {
  const { customer } = await api.post(
    apiPaths.admin.reactivateCustomer(userId),
    { reason },
    adminCustomerResponseSchema,
  );
  return customer;
}

export function useReactivateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateCustomer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
