import {
  type AuthenticationResponse,
  apiPaths,
  authenticationResponseSchema,
  type CreationOptions,
  type PasskeyApproval,
  type PasskeyAuthenticationBody,
  type PasskeyAuthenticationOptionsBody,
  type PasskeyAuthenticationResult,
  type PasskeyChallenge,
  passkeyAuthenticationResultSchema,
  passkeyChallengeSchema,
  passkeyMessages,
  type RegistrationResponse,
  type RequestOptions,
  registrationResponseSchema,
} from "@satsbank/shared";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { api, isApiError } from "./api-client";

// Passkeys (issue 22). @simplewebauthn/browser is loaded with the first ceremony or check, never with a
// screen's first chunk: the first-load budgets (decision 0009) have no room for it.

/** The WebAuthn library, loaded once, when a passkey is first needed. */
export function loadWebAuthn() {
  return import("@simplewebauthn/browser");
}

/** Whether this browser can use passkeys at all (loads the library). */
export async function supportsPasskeys(): Promise<boolean> {
  return (await loadWebAuthn()).browserSupportsWebAuthn();
}

/** Whether the browser can offer passkeys in a field's autofill (conditional mediation; loads the library). */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  return (await loadWebAuthn()).browserSupportsWebAuthnAutofill();
}

/** The person closed the browser's passkey dialog (or it timed out), or a newer request replaced it. */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}

export const passkeyPromptMessages = {
  cancelled: "Passkey request cancelled",
  unsupported: "This browser cannot use passkeys. Use a recent browser on a device with a screen lock.",
  failed: "Your device could not use a passkey here. Please try again.",
} as const;

/**
 * What to say when a passkey request failed: the server's words for a refusal, a cancellation or an
 * existing passkey in the browser's own terms, anything else the device failing.
 */
export function passkeyErrorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (isPasskeyCancelled(error)) return passkeyPromptMessages.cancelled;
  // The authenticator already holds a passkey of this account (the server's excludeCredentials).
  if (error instanceof Error && error.name === "InvalidStateError") return passkeyMessages.alreadyRegistered;
  if (error instanceof Error && error.message === "WebAuthn is not supported in this browser")
    return passkeyPromptMessages.unsupported;
  return passkeyPromptMessages.failed;
}

/** The browser's dialog: create a passkey from the server's options; the answer in the shared shape. */
export async function createPasskey(options: CreationOptions): Promise<RegistrationResponse> {
  const { startRegistration } = await loadWebAuthn();
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return registrationResponseSchema.parse(response);
}

/**
 * The browser's dialog: sign the server's challenge with a passkey. `autofill` waits instead for the
 * person to pick a passkey in the email field's autofill (conditional mediation). A new request cancels
 * the one pending (the library's WebAuthnAbortService).
 */
export async function signWithPasskey(
  options: RequestOptions,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponse> {
  const { startAuthentication } = await loadWebAuthn();
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  return authenticationResponseSchema.parse(response);
}

/** Cancels the pending passkey request, if any (the sign-in page's autofill when it closes). */
export async function cancelPasskeyRequest(): Promise<void> {
  (await loadWebAuthn()).WebAuthnAbortService.cancelCeremony();
}

type PasskeyPurpose = NonNullable<PasskeyAuthenticationOptionsBody["purpose"]>;

/** `POST /api/auth/passkeys/authentication/options`: a challenge to sign in, or to prove it is the person. */
export function passkeyChallenge(purpose: PasskeyPurpose): Promise<PasskeyChallenge> {
  return api.post(apiPaths.auth.passkeys.authenticationOptions, { purpose }, passkeyChallengeSchema);
}

/** `POST /api/auth/passkeys/authentication/verify`: the signed challenge; a sign-in starts the session. */
export function verifyPasskey(body: PasskeyAuthenticationBody): Promise<PasskeyAuthenticationResult> {
  return api.post(apiPaths.auth.passkeys.authenticationVerify, body, passkeyAuthenticationResultSchema);
}

/**
 * Sign in, or prove it is the person again (a fresh proof), with a passkey: the server's challenge, the
 * browser's dialog, then the server's verdict.
 */
export async function authenticateWithPasskey({
  purpose,
  remember = false,
}: {
  purpose: PasskeyPurpose;
  remember?: boolean;
}): Promise<PasskeyAuthenticationResult> {
  const { challengeId, options } = await passkeyChallenge(purpose);
  const response = await signWithPasskey(options);
  return verifyPasskey({ challengeId, response, remember });
}

/**
 * The one way to make a request that may need the person's passkey (a withdrawal, a staff approval, the
 * resumption of payouts): sent as it is first; a 403 PASSKEY_REQUIRED carries the challenge, which the
 * browser signs, and the SAME request goes again with `approval`. `onApproving(true)` is told when the
 * browser's dialog opens (so the screen can say "Approve on your device"), `(false)` when it closed. A
 * cancelled dialog rejects (`isPasskeyCancelled`): nothing was sent a second time.
 */
export async function withPasskeyApproval<T>(
  request: (approval: PasskeyApproval | undefined) => Promise<T>,
  onApproving: (approving: boolean) => void = () => {},
): Promise<T> {
  try {
    return await request(undefined);
  } catch (error) {
    const challenge = isApiError(error) && error.code === "PASSKEY_REQUIRED" ? error.passkey : undefined;
    if (challenge === undefined) throw error;
    onApproving(true);
    let response: AuthenticationResponse;
    try {
      response = await signWithPasskey(challenge.options);
    } finally {
      onApproving(false);
    }
    return request({ challengeId: challenge.challengeId, response });
  }
}
