import { apiPaths, type LoginChallenge, loginChallengeSchema, type ResendCodeBody } from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/auth/login/resend`: "Resend code": a new emailed code for this sign-in (the last one stops working). */
export function resendCode(body: ResendCodeBody): Promise<LoginChallenge> {
  return api.post(apiPaths.auth.resendCode, body, loginChallengeSchema);
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
