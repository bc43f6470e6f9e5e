import { AppError } from "../../domain/app-error.js";
import type { AuthContext } from "../auth/context.js";
import { authText } from "../auth/messages.js";
import { type UserRow, updateUser } from "../auth/queries.js";
import { checkTwoFactorCode } from "./two-factor-code.js";

/** Turns two-factor authentication on once a code proves the app holds the pending secret. */
export async function enableTwoFactor({
  ctx,
  user,
  code,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys">;
  user: UserRow;
  code: string;
}): Promise<UserRow> {
  if (user.totpSecret !== null) throw new AppError("CONFLICT", authText.twoFactorAlreadyOn);
  if (user.totpPendingSecret === null) throw new AppError("BAD_REQUEST", authText.twoFactorSetupFirst);
  const step = await checkTwoFactorCode({ ctx, user, sealedSecret: user.totpPendingSecret, code });
  // The confirming code's step counts as used: it cannot sign in a second time.
  return updateUser(ctx.db, user.id, {
    totpSecret: user.totpPendingSecret,
    totpPendingSecret: null,
    totpLastStep: step,
    updatedAt: ctx.clock.now(),
  });
}
