import type { Db } from "../../db/client.js";
import { findActiveStaffIds, findUserById } from "../auth/index.js";
import { notifyEach } from "../notifications/index.js";
import { CounterWentBackError } from "./errors.js";
import { flagPasskey } from "./passkey-queries.js";

/**
 * Runs a passkey ceremony's db transaction(s); when a credential's signature counter went backwards (a
 * copy of the authenticator may be in other hands) the refusal stands and, the transaction rolled back,
 * the credential is flagged in a statement of its own: refused from then on, the customer told (a
 * protective notice, mailed whatever their settings) and every active member of staff too.
 */
export async function withCounterFlagging<T>(
  ctx: { db: Db; clock: { now(): Date } },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CounterWentBackError) await flagCopiedPasskey(ctx, error);
    throw error;
  }
}

async function flagCopiedPasskey(
  ctx: { db: Db; clock: { now(): Date } },
  { passkeyId, userId }: CounterWentBackError,
): Promise<void> {
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await flagPasskey(tx, { id: passkeyId, now: at }))) return;
    const owner = await findUserById(tx, userId);
    const staff = await findActiveStaffIds(tx);
    await notifyEach(tx, [
      {
        userId,
        at,
        kind: "passkey_flagged",
        status: "warning",
        title: "Passkey blocked",
        message:
          "One of your passkeys was blocked: its signature counter went backwards, so a copy of it may be in someone else's hands. Remove it in Security and add a new one. If you did not try to use it just now, change your password.",
      },
      ...staff.map((staffId) => ({
        userId: staffId,
        at,
        kind: "passkey_flagged" as const,
        status: "warning" as const,
        title: "A customer's passkey was blocked",
        message: `A passkey of ${owner?.username ?? "a customer"} was blocked: its signature counter went backwards (a cloned authenticator?). It cannot be used again; look at the customer's recent activity.`,
      })),
    ]);
  });
}
