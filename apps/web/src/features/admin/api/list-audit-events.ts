import { type AuditEventPage, apiPaths, auditEventPageSchema } from "@satsbank/shared";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { keysetPaging } from "@/lib/keyset-paging";
import { type AuditListParams, queryKeys } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/** `GET /api/admin/audit`: the audit log, newest first, searched on the server. Read-only. */
export function listAuditEvents(
  { q, action }: AuditListParams,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditEventPage> {
  return api.get(
    withQuery(apiPaths.admin.audit, { q, action: action === "all" ? undefined : action, cursor }),
    auditEventPageSchema,
    { signal },
  );
}

export function useAuditEvents(params: AuditListParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.audit.list(params),
    queryFn: ({ pageParam, signal }) => listAuditEvents(params, pageParam, signal),
    ...keysetPaging,
    placeholderData: keepPreviousData,
  });
}
