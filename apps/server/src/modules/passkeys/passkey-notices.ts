import type { MailMessage } from "../../adapters/mailer/mailer.js";
import type { Db } from "../../db/client.js";
import { type Client, describeDevice } from "../../domain/device.js";
import { describeLocation } from "../../domain/location.js";
import { type AuthContext, recordPasskeyChange } from "../auth/index.js";
import { type Notice, notify } from "../notifications/index.js";

// What a change to a person's passkeys tells them. Every change (a passkey added, renamed, removed; the
// withdrawals' approval turned on or off) is a notification, an email whatever the notification settings
// say (whoever made it may not be the owner), and, for a passkey itself, a line in the login history.

type Told = Omit<Notice, "userId" | "at">;
/** Where a change was made from, as the login history says it. */
export type Where = { device: string; location: string; ip: string };

const from = ({ device, location, ip }: Where) => `${device}, ${location} (IP address ${ip})`;
const ifNotYou =
  "If this wasn't you, change your password now and remove the passkeys you don't know in Security.";

export type PasskeyChange =
  | { kind: "added"; name: string }
  | { kind: "renamed"; name: string; previousName: string }
  | { kind: "removed"; name: string; remaining: number }
  | { kind: "approval"; approveWithdrawals: boolean };

/** The notice of a change, made from `where`. */
export function passkeyNotice(change: PasskeyChange, where: Where): Told {
  switch (change.kind) {
    case "added":
      return {
        kind: "passkey_added",
        status: "info",
        title: "Passkey added",
        message: `A passkey named "${change.name}" was added to your account from ${from(where)}. It can now sign in to your account. ${ifNotYou}`,
      };
    case "renamed":
      return {
        kind: "passkey_renamed",
        status: "info",
        title: "Passkey renamed",
        message: `Your passkey "${change.previousName}" was renamed to "${change.name}" from ${from(where)}.`,
      };
    case "removed":
      return {
        kind: "passkey_removed",
        status: "warning",
        title: "Passkey removed",
        message: `The passkey "${change.name}" was removed from your account from ${from(where)}; it can no longer sign in.${change.remaining === 0 ? " You have no passkeys left: withdrawals no longer ask for one." : ""} ${ifNotYou}`,
      };
    case "approval":
      return change.approveWithdrawals
        ? {
            kind: "passkey_approval_changed",
            status: "info",
            title: "Withdrawals need your passkey",
            message: `Sending Bitcoin to an outside address now asks for your passkey. Turned on from ${from(where)}.`,
          }
        : {
            kind: "passkey_approval_changed",
            status: "warning",
            title: "Withdrawals no longer need your passkey",
            message: `Sending Bitcoin to an outside address no longer asks for your passkey. Turned off from ${from(where)}. ${ifNotYou}`,
          };
  }
}

/** The email of a change: its notice's words, addressed to the person. */
export function passkeyChangeEmail({
  to,
  brandName,
  notice,
}: {
  to: string;
  brandName: string;
  notice: Pick<Told, "title" | "message">;
}): MailMessage {
  return {
    to,
    subject: `${notice.title}: your ${brandName} account`,
    text: [
      notice.message,
      "",
      `This email is sent for every change to the passkeys of your ${brandName} account.`,
    ].join("\n"),
  };
}

/** Where a request comes from, as the login history and the notices say it. */
export function whereOf(client: Client, geo: AuthContext["geo"]): Where {
  return {
    device: describeDevice(client.userAgent).label,
    location: describeLocation(client.ip, geo),
    ip: client.ip,
  };
}

/**
 * Records a change in its db transaction: the notification (mailed separately: answer the email to send
 * once the transaction commits) and, for a passkey itself, the login history's line.
 */
export async function tellPasskeyChange(
  tx: Db,
  {
    ctx,
    user,
    client,
    change,
    now,
  }: {
    ctx: Pick<AuthContext, "geo" | "brandName">;
    user: { id: string; email: string };
    client: Client;
    change: PasskeyChange;
    now: Date;
  },
): Promise<MailMessage> {
  const notice = passkeyNotice(change, whereOf(client, ctx.geo));
  await notify(tx, { userId: user.id, at: now, ...notice, mailedSeparately: true });
  if (change.kind !== "approval") {
    const kind =
      change.kind === "added"
        ? "passkeyAdded"
        : change.kind === "renamed"
          ? "passkeyRenamed"
          : "passkeyRemoved";
    await recordPasskeyChange(tx, {
      geo: ctx.geo,
      userId: user.id,
      client,
      kind,
      passkeyName: change.name,
      now,
    });
  }
  return passkeyChangeEmail({ to: user.email, brandName: ctx.brandName, notice });
}
