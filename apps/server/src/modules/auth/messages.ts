/** What the auth and account endpoints say, written once. */
export const authText = {
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is taken",
  invalidCredentials: "Invalid email or password",
  wrongCode: "That code is not correct.",
  signInExpired: "This sign-in has expired. Please sign in again.",
  resetLinkInvalid: "This reset link is invalid or has expired.",
  passwordReset: "Your password has been reset. Sign in with your new password.",
  currentPasswordWrong: "Current password is incorrect",
  passwordUpdated: "Your password has been updated",
  signInRequired: "Please sign in to continue.",
  forbidden: "You do not have access to this.",
  twoFactorAlreadyOn: "Two-factor authentication is already on.",
  twoFactorNotOn: "Two-factor authentication is not on.",
  twoFactorSetupFirst: "Start the two-factor setup first.",
} as const;
