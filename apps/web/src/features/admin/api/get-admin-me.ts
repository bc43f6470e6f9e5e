import { type AdminMe, adminMeSchema, apiPaths } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * `GET /api/admin/me`: the header ("Admin Dashboard", "Super Admin") and the staff member's two-factor
 * state. The one staff endpoint that answers without an authenticator app, so the dashboard can ask for one.
 */
export function getAdminMe(signal?: AbortSignal): Promise<AdminMe> {
  return api.get(apiPaths.admin.me, adminMeSchema, { signal });
}

export function useAdminMe() {
  return useQuery({ queryKey: queryKeys.admin.me, queryFn: ({ signal }) => getAdminMe(signal) });
}
