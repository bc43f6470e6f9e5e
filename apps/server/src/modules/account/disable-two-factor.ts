import { AppError } from "../../domain/app-error.js";
import type { AuthContext } from "../auth/context.js";
import { authText } from "../auth/messages.js";
import { type UserRow, updateUser } from "../auth/queries.js";
import { checkTwoFactorCode } from "./two-factor-code.js";

/** Turns two-factor authentication off, with a current code from the app; sign-in codes go by email again. */
export async function disableTwoFactor({
  ctx,
  user,
  code,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys">;
  user: UserRow;
  code: string;
}): Promise<UserRow> {
  if (user.totpSecret === null) throw new AppError("CONFLICT", authText.twoFactorNotOn);
  await checkTwoFactorCode({ ctx, user, sealedSecret: user.totpSecret, code });
  return updateUser(ctx.db, user.id, {
    totpSecret: null,
    totpPendingSecret: null,
    totpLastStep: null,
    updatedAt: ctx.clock.now(),
  });
}
