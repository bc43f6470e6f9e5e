import {
  apiPaths,
  type KycReviewPage,
  type KycSubmissionStatus,
  kycReviewPageSchema,
} from "@satsbank/shared";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { keysetPaging } from "@/lib/keyset-paging";
import { queryKeys } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/** `GET /api/admin/kyc/submissions`: pending submissions oldest first (the queue), decided ones newest first. */
export function listKycReviews(
  status: KycSubmissionStatus,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<KycReviewPage> {
  return api.get(withQuery(apiPaths.admin.kycSubmissions, { status, cursor }), kycReviewPageSchema, {
    signal,
  });
}

export function useKycReviews(status: KycSubmissionStatus) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.kycReviews.list(status),
    queryFn: ({ pageParam, signal }) => listKycReviews(status, pageParam, signal),
    ...keysetPaging,
    placeholderData: keepPreviousData,
  });
}
