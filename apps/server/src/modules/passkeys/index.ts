// The passkeys module: WebAuthn credentials (passkeys) and the challenges their ceremonies answer. A
// passkey signs a person in (both factors), proves them again (a fresh proof), and approves a withdrawal
// or a staff action over a challenge bound to exactly that action. It owns passkeys and passkey_challenges;
// the ceremonies run in @simplewebauthn/server. docs/decisions/0021-passkeys.md.

export type { PasskeyAccountContext } from "./account-context.js";
export {
  approveWithPasskey,
  stepUpRequired,
  withPasskeyApproval,
} from "./approval.js";
export type { PasskeyContext } from "./context.js";
export { findPasskeysOf } from "./passkey-queries.js";
export { toPasskey } from "./passkey-view.js";
export { type RelyingParty, relyingPartyOf } from "./relying-party.js";
export { passkeyRoutes } from "./routes.js";
