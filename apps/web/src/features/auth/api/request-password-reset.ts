import {
  apiPaths,
  type MessageResponse,
  messageResponseSchema,
  type PasswordResetRequestBody,
} from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/auth/password-reset`: mails a reset link if the account exists; the answer is the same either way. */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<MessageResponse> {
  return api.post(apiPaths.auth.resetRequest, body, messageResponseSchema);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
