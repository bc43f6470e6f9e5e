import {
  apiPaths,
  type VerifyEmailBody,
  type VerifyEmailResponse,
  verifyEmailResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `POST /api/auth/verify-email`: confirms a mailed link's token; a used link answers "already-verified". */
export function verifyEmail(body: VerifyEmailBody): Promise<VerifyEmailResponse> {
  return api.post(apiPaths.auth.verifyEmail, body, verifyEmailResponseSchema);
}

/** Refreshes the session afterwards: the signed-in person's `emailVerified` changed. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
