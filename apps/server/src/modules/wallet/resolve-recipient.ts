import { sendErrors } from "@satsbank/shared";
import { addressChecker } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import { parseRecipient } from "../../domain/recipient.js";
import { findUserById, findUserByUsername, type UserRow } from "../auth/queries.js";
import type { WalletContext } from "./context.js";
import { walletText } from "./messages.js";
import { findDepositAddress } from "./queries.js";

/** Another customer, reached by username or by one of their deposit addresses. */
export type Recipient = { user: UserRow; address: string | null };

export type Resolution = { ok: true; recipient: Recipient } | { ok: false; problem: string };

const unknown: Resolution = { ok: false, problem: sendErrors.unknownRecipient.text };

function isOpenCustomer(user: UserRow | undefined): user is UserRow {
  return user !== undefined && user.role === "customer" && user.status === "active";
}

/**
 * Who the recipient field names. A valid address of the bank's network that no customer owns is an
 * outside address: withdrawals come with the on-chain issue, so it is refused for now.
 */
export async function resolveRecipient({
  ctx,
  db,
  senderId,
  text,
}: {
  ctx: Pick<WalletContext, "walletKeys">;
  db: Db;
  senderId: string;
  text: string;
}): Promise<Resolution> {
  const input = parseRecipient(text, addressChecker(ctx.walletKeys.network));
  let recipient: Recipient;
  switch (input.kind) {
    case "invalid":
      return unknown;
    case "other-network-address":
      return { ok: false, problem: walletText.otherNetworkAddress };
    case "username": {
      const user = await findUserByUsername(db, input.username);
      if (!isOpenCustomer(user)) return unknown;
      recipient = { user, address: null };
      break;
    }
    case "address": {
      const owned = await findDepositAddress(db, { address: input.address, network: ctx.walletKeys.network });
      if (owned === undefined) return { ok: false, problem: walletText.outsideAddress };
      const user = await findUserById(db, owned.userId);
      if (!isOpenCustomer(user)) return unknown;
      recipient = { user, address: input.address };
      break;
    }
  }
  if (recipient.user.id === senderId) return { ok: false, problem: sendErrors.selfSend.text };
  return { ok: true, recipient };
}
