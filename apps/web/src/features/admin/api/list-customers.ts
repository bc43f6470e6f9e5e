import { apiPaths, type CustomerPage, customerPageSchema } from "@satsbank/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type AdminCustomerListParams, queryKeys } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/** `GET /api/admin/customers`: one page of Banking Customers, searched and sorted on the server. */
export function listCustomers(params: AdminCustomerListParams, signal?: AbortSignal): Promise<CustomerPage> {
  const { q, sort, order, page } = params;
  return api.get(withQuery(apiPaths.admin.customers, { q, sort, order, page }), customerPageSchema, {
    signal,
  });
}

/** A new search, sort or page keeps the previous rows on screen until its own arrive. */
export function useCustomers(params: AdminCustomerListParams) {
  return useQuery({
    queryKey: queryKeys.admin.customers.list(params),
    queryFn: ({ signal }) => listCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}
