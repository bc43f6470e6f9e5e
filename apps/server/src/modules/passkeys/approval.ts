import type { PasskeyApproval } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { PasskeyChallengePurpose } from "../../db/schema/index.js";
import { PasskeyRequiredError } from "../../domain/app-error.js";
import { assertionOptions, verifyAssertion } from "./assertion.js";
import { type BoundFacts, issueChallenge } from "./challenges.js";
import type { PasskeyContext } from "./context.js";
import { withCounterFlagging } from "./flagging.js";
import { findPasskeysOf } from "./passkey-queries.js";

type ApprovalPurpose = Extract<PasskeyChallengePurpose, "withdrawal" | "staffAction">;

/** Thrown inside the action's db transaction when no approval came; turned into PASSKEY_REQUIRED after it. */
class ApprovalNeeded extends Error {
  override name = "ApprovalNeeded";

  constructor(
    readonly purpose: ApprovalPurpose,
    readonly userId: string,
    readonly facts: BoundFacts,
  ) {
    super("a passkey approval is needed");
  }
}

/** Whether this member of staff has a passkey: then each guarded action needs a fresh assertion (step-up). */
export async function stepUpRequired(db: Db, userId: string): Promise<boolean> {
  const result = await db.execute<{ required: boolean }>(
    sql`select exists (select 1 from passkeys p where p.user_id = ${userId}) as required`,
  );
  return result.rows[0]?.required === true;
}

/**
 * Inside an action's db transaction, once the action knows exactly what it is about to do (`facts`): with
 * an `approval`, verifies it against a challenge rebuilt from those facts (any difference: 400
 * passkeyChanged; a used one: 409; expired, another person's passkey: 400); without one, ends the
 * transaction so that `withPasskeyApproval` answers PASSKEY_REQUIRED with a challenge bound to them.
 */
export async function approveWithPasskey(
  tx: Db,
  ctx: Pick<PasskeyContext, "clock" | "rp">,
  {
    purpose,
    userId,
    approval,
    facts,
  }: { purpose: ApprovalPurpose; userId: string; approval: PasskeyApproval | undefined; facts: BoundFacts },
): Promise<void> {
  if (approval === undefined) throw new ApprovalNeeded(purpose, userId, facts);
  await verifyAssertion(tx, ctx, { approval, purpose, userId, facts });
}

/**
 * Runs an action that may need a passkey's approval (its db transaction inside `work`, calling
 * approveWithPasskey). When it needed one and had none, nothing was done (the transaction rolled back): a
 * challenge bound to the action's facts is issued, good once for 5 minutes, and the request is answered
 * 403 PASSKEY_REQUIRED with the options to sign (the person's passkeys allowed). A credential whose counter
 * went backwards is flagged (withCounterFlagging).
 */
export async function withPasskeyApproval<T>(
  ctx: PasskeyContext,
  { sessionId, message }: { sessionId: string | null; message: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await withCounterFlagging(ctx, work);
  } catch (error) {
    if (!(error instanceof ApprovalNeeded)) throw error;
    const { purpose, userId, facts } = error;
    const now = ctx.clock.now();
    const issued = await issueChallenge(ctx.db, { purpose, userId, sessionId, now, bound: facts });
    const options = await assertionOptions(ctx.rp, {
      challenge: issued.challenge,
      passkeys: await findPasskeysOf(ctx.db, userId),
    });
    throw new PasskeyRequiredError(message, { challengeId: issued.challengeId, options });
  }
}
