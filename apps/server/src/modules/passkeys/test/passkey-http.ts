import { apiPaths, type PasskeyChallenge, type PasskeyRegistrationOptions } from "@satsbank/shared";
import { expect } from "vitest";
import { type ClientOptions, postJson } from "../../../test/auth-helpers.js";
import type { TestApp } from "../../../test/create-test-app.js";
import { testConfig } from "../../../test/test-config.js";
import { relyingPartyOf } from "../relying-party.js";
import { type CeremonyKnobs, SoftAuthenticator } from "./soft-authenticator.js";

// Tests only: the passkey ceremonies through the HTTP routes, answered by a software authenticator.

/** The bank as the test app's WebAuthn knows it (PUBLIC_URL http://localhost:80). */
export const testRp = relyingPartyOf({ publicUrl: testConfig().publicUrl, brandName: "Satsbank" });

export function newAuthenticator(options?: ConstructorParameters<typeof SoftAuthenticator>[1]) {
  return new SoftAuthenticator(testRp, options);
}

/** Registration step 1 (the session's proof must be fresh); the response. */
export function registrationOptions(t: TestApp, token: string, client: ClientOptions = {}) {
  return postJson(t, apiPaths.auth.passkeys.registrationOptions, {}, { ...client, cookie: token });
}

/** Both registration steps; the verify response. */
export async function addPasskey(
  t: TestApp,
  token: string,
  authenticator: SoftAuthenticator,
  { name, knobs, client = {} }: { name?: string; knobs?: CeremonyKnobs; client?: ClientOptions } = {},
) {
  const options = await registrationOptions(t, token, client);
  expect(options.statusCode, options.body).toBe(200);
  const { challengeId, options: creation } = options.json() as PasskeyRegistrationOptions;
  const response = authenticator.register(creation, knobs);
  return postJson(
    t,
    apiPaths.auth.passkeys.registrationVerify,
    { challengeId, response, ...(name === undefined ? {} : { name }) },
    { ...client, cookie: token },
  );
}

/** Authentication options of `purpose` (a sign-in needs no session); the challenge. */
export async function authenticationChallenge(
  t: TestApp,
  purpose: "signIn" | "reauthenticate",
  client: ClientOptions = {},
): Promise<PasskeyChallenge> {
  const res = await postJson(t, apiPaths.auth.passkeys.authenticationOptions, { purpose }, client);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PasskeyChallenge;
}

/** Signs the challenge with `authenticator` and posts it; the verify response. */
export async function answerChallenge(
  t: TestApp,
  challenge: PasskeyChallenge,
  authenticator: SoftAuthenticator,
  {
    client = {},
    knobs,
    remember = false,
  }: { client?: ClientOptions; knobs?: CeremonyKnobs; remember?: boolean } = {},
) {
  const response = authenticator.assert(challenge.options, knobs);
  return postJson(
    t,
    apiPaths.auth.passkeys.authenticationVerify,
    { challengeId: challenge.challengeId, response, remember },
    client,
  );
}
