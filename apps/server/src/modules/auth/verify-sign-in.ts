import { AppError } from "../../domain/app-error.js";
import type { Client, KnownDevice } from "../../domain/device.js";
import { sameDigest } from "../../domain/digest.js";
import type { User } from "../../domain/user.js";
import type { ChallengeRow } from "./challenge-queries.js";
import type { AuthContext } from "./context.js";
import { decryptSecret } from "./keys.js";
import { recordFailedSignIn } from "./login-events.js";
import { authText } from "./messages.js";
import { completeSignIn, openSecondStep, signInExpired } from "./second-step.js";
import type { NewSession } from "./sessions.js";
import { macCode } from "./tokens.js";
import { totpStep } from "./totp.js";
import { findTwoFactorSecrets, type TwoFactorSecrets, useTotpStep } from "./user-queries.js";

export const wrongCode = () => new AppError("BAD_REQUEST", authText.wrongCode, { code: authText.wrongCode });

type Ctx = Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys" | "geo">;

/**
 * Whether a second step's code is right; for an authenticator code also the time step it used (null when
 * wrong). A sign-in's and a signed-in person's proof check codes the same way.
 */
export function checkCode(
  ctx: Ctx,
  {
    challenge,
    user,
    secrets,
    code,
    now,
  }: { challenge: ChallengeRow; user: User; secrets: TwoFactorSecrets | undefined; code: string; now: Date },
): { right: boolean; step: number | null } {
  if (challenge.method === "email") {
    const right =
      challenge.codeMac !== null &&
      sameDigest(challenge.codeMac, macCode(ctx.authKeys.codeMac, challenge.idHash, code));
    return { right, step: null };
  }
  // Two-factor was turned off after this sign-in started: it cannot finish.
  if (secrets === undefined || secrets.totpSecret === null) throw signInExpired();
  const step = totpStep({
    secret: decryptSecret(ctx.authKeys.totpSecret, secrets.totpSecret, user.id),
    code,
    now,
  });
  // A code whose time step was already used is refused: a code works once.
  const right = step !== null && (secrets.totpLastStep === null || step > secrets.totpLastStep);
  return { right, step };
}

/**
 * Sign-in, step 2: checks the code of a challenge and starts the session. A challenge is good once,
 * for 10 minutes and 5 wrong codes, until a newer sign-in of the account replaces it. Wrong codes also
 * count per client address and per account, across challenges (second-step.ts).
 */
export async function verifySignIn({
  ctx,
  challengeId,
  code,
  client,
  device,
  previousSessionToken,
}: {
  ctx: Ctx;
  challengeId: string;
  code: string;
  client: Client;
  /** The browser's device cookie, when it has a valid one: a browser that knows the account. */
  device: KnownDevice | null;
  previousSessionToken: string | undefined;
}): Promise<{ user: User; session: NewSession }> {
  const now = ctx.clock.now();
  const step = await openSecondStep(ctx, { challengeId, client, now });
  const { challenge, user } = step;

  // The authenticator secret is read for this check only.
  const secrets = challenge.method === "totp" ? await findTwoFactorSecrets(ctx.db, user.id) : undefined;
  const checked = checkCode(ctx, { challenge, user, secrets, code, now });
  if (!checked.right) {
    await recordFailedSignIn(ctx, { userId: user.id, client, method: "password" });
    throw wrongCode();
  }
  await ctx.limiter.refund(step.taken);

  const session = await ctx.db.transaction((tx) =>
    completeSignIn(tx, {
      ctx,
      step,
      client,
      device,
      now,
      previousSessionToken,
      method: "password",
      spendProof: async () => {
        if (checked.step !== null && !(await useTotpStep(tx, user.id, checked.step))) throw wrongCode();
      },
    }),
  );
  return { user, session };
}
