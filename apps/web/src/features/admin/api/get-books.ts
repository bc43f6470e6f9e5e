import { apiPaths, type Books, booksSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/admin/books`: every invariant of the books, pending withdrawals, reorganised deposits, the lag. */
export function getBooks(signal?: AbortSignal): Promise<Books> {
  return api.get(apiPaths.admin.books, booksSchema, { signal });
}

export function useBooks() {
  return useQuery({ queryKey: queryKeys.admin.books, queryFn: ({ signal }) => getBooks(signal) });
}
