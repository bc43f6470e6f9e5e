import { apiPaths, type CustomerDetails, customerDetailsSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/admin/customers/:userId`: User Details. */
export function getCustomerDetails(userId: string, signal?: AbortSignal): Promise<CustomerDetails> {
  return api.get(apiPaths.admin.customer(userId), customerDetailsSchema, { signal });
}

export function useCustomerDetails(userId: string) {
  return useQuery({
    queryKey: queryKeys.admin.customers.one(userId),
    queryFn: ({ signal }) => getCustomerDetails(userId, signal),
  });
}
