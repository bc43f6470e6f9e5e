import { apiPaths, type Statement, statementSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/statements/:month?timeZone=`: the signed-in customer's statement of a month. */
export function getStatement(month: string, timeZone: string, signal?: AbortSignal): Promise<Statement> {
  const path = `${apiPaths.statements.month(month)}?timeZone=${encodeURIComponent(timeZone)}`;
  return api.get(path, statementSchema, { signal });
}

export function useStatement(month: string, timeZone: string) {
  return useQuery({
    queryKey: queryKeys.transactions.statement(month, timeZone),
    queryFn: ({ signal }) => getStatement(month, timeZone, signal),
  });
}
