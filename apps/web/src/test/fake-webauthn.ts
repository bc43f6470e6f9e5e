import { onTestFinished, vi } from "vitest";

// The browser's WebAuthn API faked at the boundary (navigator.credentials and PublicKeyCredential), as
// stubApi fakes fetch: the real @simplewebauthn/browser runs on top of it. (The web project runs without
// isolation, so no test file mocks a module: vitest.config.ts.)

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).buffer;
/** base64url of a text's UTF-8 bytes: what the library sends for a buffer holding it. */
export function base64url(text: string): string {
  return btoa(String.fromCharCode(...encoder.encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** What the fake authenticator answers `navigator.credentials.create()` with. */
export function fakeRegistration(id = "new-credential") {
  return {
    id: base64url(id),
    rawId: bytes(id),
    type: "public-key",
    authenticatorAttachment: "platform",
    getClientExtensionResults: () => ({}),
    response: {
      clientDataJSON: bytes(`client-data:${id}`),
      attestationObject: bytes(`attestation:${id}`),
      getTransports: () => ["internal"],
    },
  };
}

/** The same credential as the browser's JSON (what the app must send to registration/verify). */
export function registrationJSON(id = "new-credential") {
  return {
    id: base64url(id),
    rawId: base64url(id),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response: {
      clientDataJSON: base64url(`client-data:${id}`),
      attestationObject: base64url(`attestation:${id}`),
      transports: ["internal"],
    },
  };
}

/** What the fake authenticator answers `navigator.credentials.get()` with: a signature by `id`. */
export function fakeAssertion(id = "credential-1") {
  return {
    id: base64url(id),
    rawId: bytes(id),
    type: "public-key",
    authenticatorAttachment: "platform",
    getClientExtensionResults: () => ({}),
    response: {
      clientDataJSON: bytes(`client-data:${id}`),
      authenticatorData: bytes(`authenticator-data:${id}`),
      signature: bytes(`signature:${id}`),
      userHandle: bytes("user-handle"),
    },
  };
}

/** The same assertion as the browser's JSON (what the app must send back). */
export function assertionJSON(id = "credential-1") {
  return {
    id: base64url(id),
    rawId: base64url(id),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response: {
      clientDataJSON: base64url(`client-data:${id}`),
      authenticatorData: base64url(`authenticator-data:${id}`),
      signature: base64url(`signature:${id}`),
      userHandle: base64url("user-handle"),
    },
  };
}

/** The person closed the browser's dialog (or it timed out): what Chrome rejects with. */
export function cancelled() {
  return new DOMException("The operation either timed out or was not allowed.", "NotAllowedError");
}

/** A request that waits until aborted (the autofill's, until the person picks a passkey), then rejects. */
export function pendingUntilAborted(options?: CredentialRequestOptions): Promise<never> {
  return new Promise((_, reject) => {
    options?.signal?.addEventListener("abort", () => reject(options.signal?.reason));
  });
}

/**
 * Installs the fake for the current test: `create` and `get` are mocks (a new passkey, a signature by
 * default); `supported: false` leaves the browser without WebAuthn; `autofill` is what
 * `isConditionalMediationAvailable()` answers.
 */
export function installFakeWebAuthn({ supported = true, autofill = false } = {}) {
  const create = vi.fn(async (_options?: CredentialCreationOptions): Promise<unknown> => fakeRegistration());
  const get = vi.fn(async (_options?: CredentialRequestOptions): Promise<unknown> => fakeAssertion());
  if (supported) {
    vi.stubGlobal(
      "PublicKeyCredential",
      Object.assign(function PublicKeyCredential() {}, {
        isConditionalMediationAvailable: async () => autofill,
      }),
    );
    Object.defineProperty(window.navigator, "credentials", { value: { create, get }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(window.navigator, "credentials");
    });
  } else {
    vi.stubGlobal("PublicKeyCredential", undefined);
  }
  return { create, get };
}

/** The options the app passed to the last `navigator.credentials.get()`. */
export function lastGetOptions(get: ReturnType<typeof installFakeWebAuthn>["get"]) {
  return get.mock.lastCall?.[0];
}

/** The server's 403 PASSKEY_REQUIRED: the challenge to sign and send back with the same request. */
export function passkeyRequired(
  challengeId: string,
  challenge: string,
  message = "Approve this withdrawal with your passkey",
) {
  return Response.json(
    {
      error: {
        code: "PASSKEY_REQUIRED",
        message,
        passkey: {
          challengeId,
          options: { challenge: base64url(challenge), rpId: "localhost", userVerification: "required" },
        },
      },
    },
    { status: 403 },
  );
}
