import { sendErrors } from "@satsbank/shared";

/** What the auth and account endpoints say, written once. */
export const authText = {
  /** Said at the password step (only after the right password: it tells nobody else the account exists). */
  accountInactive: sendErrors.accountInactive.text,
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is taken",
  invalidCredentials: "Invalid email or password",
  wrongCode: "That code is not correct.",
  /** As the session plugin says it: the session ended (signed out) while a proof was under way. */
  signInRequired: "Please sign in to continue.",
  signInExpired: "This sign-in has expired. Please sign in again.",
  /** A signed-in person's proof (the password and a code) that was used, replaced or expired. */
  reauthenticationExpired: "This confirmation has expired. Please start again.",
  noCodeToResend: "This sign-in uses your authenticator app: no code is sent by email.",
  wrongRecoveryCode: "That recovery code is not correct, or it was used already.",
  noRecoveryForEmailCode: "This sign-in sends a code by email: enter that code.",
  resetLinkInvalid: "This reset link is invalid or has expired.",
  passwordReset: "Your password has been reset. Sign in with your new password.",
  currentPasswordWrong: "Current password is incorrect",
  passwordUpdated: "Your password has been updated",
  twoFactorAlreadyOn: "Two-factor authentication is already on.",
  twoFactorNotOn: "Two-factor authentication is not on.",
  twoFactorSetupFirst: "Start the two-factor setup first.",
  emailVerified: "Your email address is verified.",
  verificationEmailSent: (email: string) =>
    `We've sent a new link to ${email}. Open it within 24 hours to confirm your email address.`,
  emailAlreadyVerified: "Your email address is already verified.",
  verifyLinkInvalid:
    "This verification link is not valid. Check that you opened the whole link from the email.",
  verifyLinkExpired: "This verification link has expired. Sign in and ask for a new one on the Send screen.",
} as const;
