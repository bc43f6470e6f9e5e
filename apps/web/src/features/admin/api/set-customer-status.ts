import {
  type AdminCustomer,
  adminCustomerResponseSchema,
  apiPaths,
  type CustomerStatusBody,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type CustomerStatusChange = "deactivate" | "reactivate";

export interface CustomerStatusInput extends CustomerStatusBody {
  userId: string;
}

const paths = {
  deactivate: apiPaths.admin.deactivateCustomer,
  reactivate: apiPaths.admin.reactivateCustomer,
} as const satisfies Record<CustomerStatusChange, (userId: string) => string>;

/**
 * `POST /api/admin/customers/:userId/deactivate` or `/reactivate`, with the reason staff give (kept in the
 * audit log). Deactivated, the customer cannot sign in or send and their sessions end at once; reactivated,
 * they may sign in again. Either way they are told.
 */
export async function setCustomerStatus(
  change: CustomerStatusChange,
  { userId, reason }: CustomerStatusInput,
): Promise<AdminCustomer> {
  const { customer } = await api.post(paths[change](userId), { reason }, adminCustomerResponseSchema);
  return customer;
}

export function useSetCustomerStatus(change: CustomerStatusChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerStatusInput) => setCustomerStatus(change, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
