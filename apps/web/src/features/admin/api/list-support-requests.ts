import {
  type AdminSupportPage,
  adminSupportPageSchema,
  apiPaths,
  type SupportStatusFilter,
} from "@satsbank/shared";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { keysetPaging } from "@/lib/keyset-paging";
import { queryKeys } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/** `GET /api/admin/support`: open requests oldest first (the inbox); any other filter newest first. */
export function listSupportRequests(
  status: SupportStatusFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminSupportPage> {
  return api.get(withQuery(apiPaths.admin.support, { status, cursor }), adminSupportPageSchema, { signal });
}

export function useSupportRequests(status: SupportStatusFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.support.list(status),
    queryFn: ({ pageParam, signal }) => listSupportRequests(status, pageParam, signal),
    ...keysetPaging,
    placeholderData: keepPreviousData,
  });
}
