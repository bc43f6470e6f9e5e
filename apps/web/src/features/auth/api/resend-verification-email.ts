import { apiPaths, type MessageResponse, messageResponseSchema } from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/auth/verify-email/resend`: mails the signed-in person a new verification link. */
export function resendVerificationEmail(): Promise<MessageResponse> {
  return api.post(apiPaths.auth.verifyEmailResend, {}, messageResponseSchema);
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
