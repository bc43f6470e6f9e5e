import { AppError } from "../../domain/app-error.js";
import { type Client, describeDevice, type KnownDevice } from "../../domain/device.js";
import { describeLocation } from "../../domain/location.js";
import type { User } from "../../domain/user.js";
import { notices, notify } from "../notifications/index.js";
import type { AuthContext } from "./context.js";
import { recoveryCodeUsedEmail } from "./emails.js";
import { recordFailedSignIn } from "./login-events.js";
import { authText } from "./messages.js";
import { countUnusedRecoveryCodes, hasUnusedRecoveryCode, useRecoveryCode } from "./recovery-code-queries.js";
import { recoveryCodeMac } from "./recovery-codes.js";
import { completeSignIn, openSecondStep } from "./second-step.js";
import type { NewSession } from "./sessions.js";

const wrongRecoveryCode = () =>
  new AppError("BAD_REQUEST", authText.wrongRecoveryCode, { recoveryCode: authText.wrongRecoveryCode });

/**
 * Sign-in, step 2, with a recovery code instead of the authenticator app's code ("Lost your device?"):
 * for a challenge that asks for the app. Held to the second step's limits (second-step.ts): the
 * challenge's 5 tries, the wrong codes per address and per account. A right code is used up in the db
 * transaction that starts the session (two requests racing with it: one signs in); the customer is told,
 * always, by a notification and an email naming where it was used and how many codes are left.
 */
export async function signInWithRecoveryCode({
  ctx,
  challengeId,
  recoveryCode,
  client,
  device,
  previousSessionToken,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys" | "geo" | "mailer" | "brandName">;
  challengeId: string;
  recoveryCode: string;
  client: Client;
  device: KnownDevice | null;
  previousSessionToken: string | undefined;
}): Promise<{ user: User; session: NewSession }> {
  const now = ctx.clock.now();
  const step = await openSecondStep(ctx, {
    challengeId,
    client,
    now,
    onlyFor: {
      method: "totp",
      otherwise: () => new AppError("BAD_REQUEST", authText.noRecoveryForEmailCode),
    },
  });
  const { user } = step;
  const mac = recoveryCodeMac(ctx.authKeys, user.id, recoveryCode);
  if (mac === null || !(await hasUnusedRecoveryCode(ctx.db, user.id, mac))) {
    await recordFailedSignIn(ctx, { userId: user.id, client, method: "recoveryCode" });
    throw wrongRecoveryCode();
  }
  await ctx.limiter.refund(step.taken);

  const where = {
    device: describeDevice(client.userAgent).label,
    location: describeLocation(client.ip, ctx.geo),
    ip: client.ip,
  };
  const { session, remaining } = await ctx.db.transaction(async (tx) => {
    const started = await completeSignIn(tx, {
      ctx,
      step,
      client,
      device,
      now,
      previousSessionToken,
      method: "recoveryCode",
      spendProof: async () => {
        if (!(await useRecoveryCode(tx, user.id, mac, now))) throw wrongRecoveryCode();
      },
    });
    const left = await countUnusedRecoveryCodes(tx, user.id);
    await notify(tx, {
      userId: user.id,
      at: now,
      ...notices.recoveryCodeUsed({ ...where, remaining: left }),
    });
    return { session: started, remaining: left };
  });
  await ctx.mailer.send(
    recoveryCodeUsedEmail({ to: user.email, brandName: ctx.brandName, ...where, remaining }),
  );
  return { user, session };
}
