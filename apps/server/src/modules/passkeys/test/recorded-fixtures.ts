import type { AuthenticationResponse, RegistrationResponse } from "@satsbank/shared";

// RECORDED ceremonies of real authenticators (test data, never used by product code), as published with
// SimpleWebAuthn's own tests (github.com/MasterKale/SimpleWebAuthn, MIT License, (c) Matthew Miller):
// - the registration: packages/server/src/registration/verifyRegistrationResponse.test.ts, `attestationNone`
//   (Firefox on Android, attestation "none", user verified, counter 0);
// - the assertion: packages/server/src/authentication/verifyAuthenticationResponse.test.ts, the response of
//   "should pass verification if custom challenge verifier returns true" (user verified, counter
//   1643868837), with its credential's COSE public key.
// Each is bound to the origin and RP ID it was made on: a ceremony accepts it only for those.

export const recordedRegistration = {
  rp: { id: "dev.dontneeda.pw", origin: "https://dev.dontneeda.pw" },
  /** The challenge the server had issued, base64url (of the text "hEccPWuziP00H0p5gxh2_u5_PC4NeYgd"). */
  challenge: Buffer.from("hEccPWuziP00H0p5gxh2_u5_PC4NeYgd", "utf8").toString("base64url"),
  response: {
    id: "AdKXJEch1aV5Wo7bj7qLHskVY4OoNaj9qu8TPdJ7kSAgUeRxWNngXlcNIGt4gexZGKVGcqZpqqWordXb_he1izY",
    rawId: "AdKXJEch1aV5Wo7bj7qLHskVY4OoNaj9qu8TPdJ7kSAgUeRxWNngXlcNIGt4gexZGKVGcqZpqqWordXb_he1izY",
    response: {
      attestationObject:
        "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVjFPdxHEOnAiLIp26idVjIguzn3I" +
        "pr_RlsKZWsa-5qK-KBFAAAAAAAAAAAAAAAAAAAAAAAAAAAAQQHSlyRHIdWleVqO24-6ix7JFWODqDWo_arvEz3Se" +
        "5EgIFHkcVjZ4F5XDSBreIHsWRilRnKmaaqlqK3V2_4XtYs2pQECAyYgASFYID5PQTZQQg6haZFQWFzqfAOyQ_ENs" +
        "MH8xxQ4GRiNPsqrIlggU8IVUOV8qpgk_Jh-OTaLuZL52KdX1fTht07X4DiQPow",
      clientDataJSON:
        "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiYUVWalkxQlhkWHBw" +
        "VURBd1NEQndOV2Q0YURKZmRUVmZVRU0wVG1WWloyUSIsIm9yaWdpbiI6Imh0dHBzOlwvXC9kZXYuZG9udG5lZWRh" +
        "LnB3IiwiYW5kcm9pZFBhY2thZ2VOYW1lIjoib3JnLm1vemlsbGEuZmlyZWZveCJ9",
      transports: [],
    },
    type: "public-key",
    clientExtensionResults: {},
  } satisfies RegistrationResponse,
};

export const recordedAssertion = {
  rp: { id: "localhost", origin: "http://localhost:8000" },
  /** The challenge clientDataJSON names (the test's server issued it), base64url. */
  challenge:
    "eyJhY3R1YWxDaGFsbGVuZ2UiOiJLM1F4T2puVkpMaUdsblZFcDV2YTVRSmVNVldOZl83UFlndXRnYkF0QVVBIiwiYXJiaXRyYXJ5RGF0YSI6InNpZ25NZVBsZWFzZSJ9",
  /** The credential that signed it, as registration stored it. */
  credential: {
    id: "AaIBxnYfL2pDWJmIii6CYgHBruhVvFGHheWamphVioG_TnEXxKA9MW4FWnJh21zsbmRpRJso9i2JmAtWOtXfVd4oXTgYVusXwhWWsA",
    publicKey:
      "pQECAyYgASFYILTrxTUQv3X4DRM6L_pk65FSMebenhCx3RMsTKoBm-AxIlggEf3qk5552QLNSh1T1oQs7_2C2qysDwN4r4fCp52Hsqs",
  },
  /** The signature counter it reports. */
  counter: 1643868837,
  response: {
    id: "AaIBxnYfL2pDWJmIii6CYgHBruhVvFGHheWamphVioG_TnEXxKA9MW4FWnJh21zsbmRpRJso9i2JmAtWOtXfVd4oXTgYVusXwhWWsA",
    rawId:
      "AaIBxnYfL2pDWJmIii6CYgHBruhVvFGHheWamphVioG_TnEXxKA9MW4FWnJh21zsbmRpRJso9i2JmAtWOtXfVd4oXTgYVusXwhWWsA",
    response: {
      authenticatorData: "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFYftypQ",
      clientDataJSON:
        "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiZXlKaFkzUjFZV3hEYUdGc2JHVnVaMlVpT2lKTE0xRjRUMnB1VmtwTWFVZHNibFpGY0RWMllUVlJTbVZOVmxkT1psODNVRmxuZFhSbllrRjBRVlZCSWl3aVlYSmlhWFJ5WVhKNVJHRjBZU0k2SW5OcFoyNU5aVkJzWldGelpTSjkiLCJvcmlnaW4iOiJodHRwOi8vbG9jYWxob3N0OjgwMDAiLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
      signature:
        "MEUCIByFAVGfkoKPEzynp-37BX_HOXSaC6-58-ELjB7BG9opAiEAyD_1mN9YAPrphcwpzK3ym2Xx8EjAapgQ326mKgQ1pW0",
      userHandle: "internalUserId",
    },
    type: "public-key",
    clientExtensionResults: {},
  } satisfies AuthenticationResponse,
};
