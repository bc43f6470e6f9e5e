/**
 * `useInfiniteQuery`'s paging of a keyset list (`{ items, nextCursor }` pages): the first page is asked for
 * without a cursor; each page's `nextCursor` asks for the next, and null ends the list.
 */
export const keysetPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (lastPage: { nextCursor: string | null }) => lastPage.nextCursor ?? undefined,
};
