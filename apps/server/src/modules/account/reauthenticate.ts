import type { LoginChallenge } from "@satsbank/shared";
import type { User } from "../../domain/user.js";
import { type AuthContext, startReauthentication } from "../auth/index.js";
import { checkCurrentPassword } from "./current-password.js";

/**
 * A fresh proof without a passkey, step 1: the current password (a wrong one is a 400 on its field and
 * counts toward the account's sign-in failure limit), then the second step opens as sign-in's does (a code
 * by email, or the authenticator app's). Step 2 is the auth module's verifyReauthentication.
 */
export async function reauthenticate({
  ctx,
  user,
  currentPassword,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "authKeys" | "brandName">;
  user: User;
  currentPassword: string;
}): Promise<LoginChallenge> {
  await checkCurrentPassword({ ctx, user, currentPassword });
  return startReauthentication({ ctx, user });
}
