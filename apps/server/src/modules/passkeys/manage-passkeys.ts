import type { Passkey, PasskeyList } from "@satsbank/shared";
import type { MailMessage } from "../../adapters/mailer/mailer.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import type { Client } from "../../domain/device.js";
import type { User } from "../../domain/user.js";
import { assertFreshProof, authText, lockUser, sessionFreshUntil } from "../auth/index.js";
import type { PasskeyAccountContext } from "./account-context.js";
import {
  countPasskeys,
  deletePasskey,
  findApproveWithdrawals,
  lockOwnPasskey,
  setApproveWithdrawals,
  setPasskeyName,
} from "./owner-queries.js";
import { type PasskeyChange, tellPasskeyChange } from "./passkey-notices.js";
import { findPasskeysOf } from "./passkey-queries.js";
import { passkeyText } from "./passkey-text.js";
import { toPasskey } from "./passkey-view.js";

// Security > Passkeys: a person's own passkeys listed, renamed, removed, and whether withdrawals need
// one. Another person's passkey is not found (404). Each change is told (notification, email, history).

type Ctx = PasskeyAccountContext;
type Change = { ctx: Ctx; user: User; sessionId: string; client: Client };

const notFound = () => new AppError("NOT_FOUND", passkeyText.notFound);

/** The person's passkeys (newest first), the withdrawals' setting and until when this session's proof is fresh. */
export async function listPasskeys({
  ctx,
  user,
  sessionId,
}: Pick<Change, "ctx" | "user" | "sessionId">): Promise<PasskeyList> {
  const now = ctx.clock.now();
  const [rows, approveWithdrawals, freshUntil] = await Promise.all([
    findPasskeysOf(ctx.db, user.id),
    findApproveWithdrawals(ctx.db, user.id),
    sessionFreshUntil(ctx.db, { sessionId, now }),
  ]);
  return { passkeys: rows.map(toPasskey), approveWithdrawals, freshUntil: freshUntil?.toISOString() ?? null };
}

/**
 * A change in one db transaction with the person's row locked (a deactivation, or another change of the
 * same person, waits or goes first), told in it; the email is sent once it committed.
 */
async function changeOwn<T>(
  { ctx, user, client }: Change,
  work: (tx: Db, now: Date) => Promise<{ value: T; change: PasskeyChange | null }>,
): Promise<T> {
  const now = ctx.clock.now();
  const { value, mail } = await ctx.db.transaction(async (tx) => {
    const owner = await lockUser(tx, user.id);
    // Deactivated meanwhile (its sessions end with it): nothing changes.
    if (owner?.status !== "active") {
      throw new AppError("FORBIDDEN", authText.accountInactive, undefined, "accountInactive");
    }
    const done = await work(tx, now);
    const told: MailMessage | null =
      done.change === null
        ? null
        : await tellPasskeyChange(tx, { ctx, user, client, change: done.change, now });
    return { value: done.value, mail: told };
  });
  if (mail !== null) await ctx.mailer.send(mail);
  return value;
}

/** Renames one of the person's passkeys (the same name again changes nothing and tells nothing). */
export function renamePasskey(change: Change & { passkeyId: string; name: string }): Promise<Passkey> {
  return changeOwn(change, async (tx) => {
    const passkey = await lockOwnPasskey(tx, { userId: change.user.id, passkeyId: change.passkeyId });
    if (passkey === undefined) throw notFound();
    if (passkey.name === change.name) return { value: toPasskey(passkey), change: null };
    const renamed = await setPasskeyName(tx, { id: passkey.id, name: change.name });
    return {
      value: toPasskey(renamed),
      change: { kind: "renamed", name: renamed.name, previousName: passkey.name },
    };
  });
}

/**
 * Removes one of the person's passkeys, a blocked one too. Removing the last one turns passkey sign-in
 * and the withdrawals' approval off: it needs a fresh proof (403 `reauthenticate`); another does not.
 */
export function removePasskey(change: Change & { passkeyId: string }): Promise<void> {
  return changeOwn(change, async (tx, now) => {
    const passkey = await lockOwnPasskey(tx, { userId: change.user.id, passkeyId: change.passkeyId });
    if (passkey === undefined) throw notFound();
    const remaining = (await countPasskeys(tx, change.user.id)) - 1;
    if (remaining === 0) await assertFreshProof(tx, { sessionId: change.sessionId, now });
    await deletePasskey(tx, passkey.id);
    return { value: undefined, change: { kind: "removed", name: passkey.name, remaining } };
  });
}

/**
 * Whether withdrawals need the person's passkey. Turning it off needs a fresh proof (403
 * `reauthenticate`): a stolen session must not switch off what guards the money; turning it on does not.
 * Setting what it already is changes nothing and tells nothing.
 */
export function setPasskeySettings(change: Change & { approveWithdrawals: boolean }): Promise<void> {
  return changeOwn(change, async (tx, now) => {
    const on = change.approveWithdrawals;
    if ((await findApproveWithdrawals(tx, change.user.id)) === on) return { value: undefined, change: null };
    if (!on) await assertFreshProof(tx, { sessionId: change.sessionId, now });
    await setApproveWithdrawals(tx, { userId: change.user.id, on, now });
    return { value: undefined, change: { kind: "approval", approveWithdrawals: on } };
  });
}
