import { apiPaths, type Statement, statementSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * `GET /api/admin/customers/:userId/statements/:month?timeZone=`: a customer's statement, for staff (audited).
 * Here rather than in features/admin: only the staff statement screen loads it, beside the document it fills.
 */
export function getCustomerStatement(
  userId: string,
  month: string,
  timeZone: string,
  signal?: AbortSignal,
): Promise<Statement> {
  const path = `${apiPaths.admin.customerStatement(userId, month)}?timeZone=${encodeURIComponent(timeZone)}`;
  return api.get(path, statementSchema, { signal });
}

export function useCustomerStatement(userId: string, month: string, timeZone: string) {
  return useQuery({
    queryKey: queryKeys.admin.customers.statement(userId, month, timeZone),
    queryFn: ({ signal }) => getCustomerStatement(userId, month, timeZone, signal),
  });
}
