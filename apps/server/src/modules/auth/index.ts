// The auth module: who a person is. Sign-up, email verification, the two-step sign-in (an emailed code, an
// authenticator app or a recovery code; a known device's own failure limit), sessions, password reset and
// staff accounts; the fresh proof of a signed-in person (fresh-proof.ts, reauthenticate.ts). It owns users, sessions, ended_sessions, login_challenges, password_reset_tokens,
// email_verification_tokens, login_events and recovery_codes; other modules read and change a person only through what this file exports.
export { deleteUserChallenges } from "./challenge-queries.js";
export type { AuthContext } from "./context.js";
export { createStaff } from "./create-staff.js";
export {
  assertFreshProof,
  FRESH_PROOF_MS,
  freshUntilOf,
  markSessionProved,
  sessionFreshUntil,
} from "./fresh-proof.js";
export { type AuthKeys, decryptSecret, deriveAuthKeys, encryptSecret } from "./keys.js";
export { listLoginEvents, signInFacts } from "./login-event-queries.js";
export { recordFailedSignIn, recordPasskeyChange } from "./login-events.js";
export { authText } from "./messages.js";
export { hashPassword, verifyPassword } from "./passwords.js";
export { startReauthentication, verifyReauthentication } from "./reauthenticate.js";
export {
  countUnusedRecoveryCodes,
  deleteUserRecoveryCodes,
  issueRecoveryCodes,
  spendRecoveryCode,
} from "./recovery-codes.js";
export { deleteUserResetTokens } from "./reset-token-queries.js";
export { authRoutes } from "./routes.js";
export { startSignedInSession } from "./second-step.js";
export {
  deleteUserSessions,
  endUserSessions,
  type FoundSessionWith,
  type ReadWithSession,
} from "./session-queries.js";
export { endedSessionReason, type NewSession, sessionLoader, sessionLoaderWith } from "./sessions.js";
export { signUp } from "./sign-up.js";
export { startSignIn } from "./start-sign-in.js";
export { newTotpSecret, totpStep, totpUri } from "./totp.js";
export {
  findActiveStaffIds,
  findPasswordHash,
  findTwoFactorSecrets,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  lockUser,
  setUserStatus,
  updateUser,
} from "./user-queries.js";
export { toSessionUser } from "./user-view.js";
export { verifySignIn } from "./verify-sign-in.js";
