import {
  apiPaths,
  type FreshProof,
  freshProofSchema,
  type LoginChallenge,
  loginChallengeSchema,
  type ReauthenticateBody,
  type ReauthenticateVerifyBody,
} from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authenticateWithPasskey } from "@/lib/passkey";

/**
 * `POST /api/account/reauthenticate { currentPassword }`: a fresh proof without a passkey, step 1. Opens
 * the second step as sign-in does: a code mailed (`email`) or the authenticator app's (`totp`).
 */
export function reauthenticate(body: ReauthenticateBody): Promise<LoginChallenge> {
  return api.post(apiPaths.account.reauthenticate, body, loginChallengeSchema);
}

/** `POST /api/account/reauthenticate/verify { challengeId, code }`: step 2; the proof is fresh after it. */
export function verifyReauthentication(body: ReauthenticateVerifyBody): Promise<FreshProof> {
  return api.post(apiPaths.account.reauthenticateVerify, body, freshProofSchema);
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}

export function useVerifyReauthentication() {
  return useMutation({ mutationFn: verifyReauthentication });
}

/** The proof with one of the person's own passkeys: the server's challenge, the browser's dialog, verified. */
export function useProveWithPasskey() {
  return useMutation({ mutationFn: () => authenticateWithPasskey({ purpose: "reauthenticate" }) });
}
