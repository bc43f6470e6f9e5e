import type { ErrorReason } from "@satsbank/shared";
import { addressChecker } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import { parseRecipient, type RecipientInput } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import { findUserById, findUserByUsername } from "../auth/queries.js";
import type { WalletContext } from "./context.js";
import { findDepositAddress } from "./queries.js";

/** The customer a recipient names: reached by username, or by one of their deposit addresses. */
export type Payee = { user: User; address: string | null };

export type PayeeRefusal = Extract<
  ErrorReason,
  "unknownRecipient" | "selfSend" | "outsideAddress" | "otherNetworkAddress"
>;
export type Resolution = { ok: true; payee: Payee } | { ok: false; reason: PayeeRefusal };

const unknown: Resolution = { ok: false, reason: "unknownRecipient" };

function isOpenCustomer(user: User | undefined): user is User {
  return user !== undefined && user.role === "customer" && user.status === "active";
}

/** Reads the text typed in the Recipient field against the bank's network; once per request. */
export function readRecipient(ctx: Pick<WalletContext, "walletKeys">, text: string): RecipientInput {
  return parseRecipient(text, addressChecker(ctx.walletKeys.network));
}

/**
 * Whom the recipient (the text typed in the Recipient field, as readRecipient read it) names. A valid address of the bank's network
 * that no customer owns is an outside address: withdrawals come with the on-chain issue, so it is refused
 * for now.
 */
export async function resolvePayee({
  ctx,
  db,
  senderId,
  recipient,
}: {
  ctx: Pick<WalletContext, "walletKeys">;
  db: Db;
  senderId: string;
  recipient: RecipientInput;
}): Promise<Resolution> {
  const network = ctx.walletKeys.network;
  let payee: Payee;
  switch (recipient.kind) {
    case "invalid":
      return unknown;
    case "other-network-address":
      return { ok: false, reason: "otherNetworkAddress" };
    case "username": {
      const user = await findUserByUsername(db, recipient.username);
      if (!isOpenCustomer(user)) return unknown;
      payee = { user, address: null };
      break;
    }
    case "address": {
      const owned = await findDepositAddress(db, { address: recipient.address, network });
      if (owned === undefined) return { ok: false, reason: "outsideAddress" };
      const user = await findUserById(db, owned.userId);
      if (!isOpenCustomer(user)) return unknown;
      payee = { user, address: recipient.address };
      break;
    }
  }
  if (payee.user.id === senderId) return { ok: false, reason: "selfSend" };
  return { ok: true, payee };
}
