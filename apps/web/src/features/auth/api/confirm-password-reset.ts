import {
  apiPaths,
  type MessageResponse,
  messageResponseSchema,
  type PasswordResetConfirmBody,
} from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/auth/password-reset/confirm`: sets the new password if the mailed token is still good. */
export function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<MessageResponse> {
  return api.post(apiPaths.auth.resetConfirm, body, messageResponseSchema);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
