import type { ErrorReason } from "@satsbank/shared";
import { addressChecker } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import { parseRecipient, type RecipientInput } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import { bankAddressKind, findDepositAddress } from "../addresses/index.js";
import { findUserById, findUserByUsername } from "../auth/index.js";
import type { WalletContext } from "./context.js";

/** The customer a recipient names: reached by username, or by one of their deposit addresses. */
export type Payee = { user: User; address: string | null };

/**
 * Where a send goes: to a payee inside the bank (a transfer), or to an address of the bank's network that
 * no customer owns (a withdrawal, paid on the chain).
 */
export type Destination = { kind: "transfer"; payee: Payee } | { kind: "withdrawal"; address: string };

export type PayeeRefusal = Extract<
  ErrorReason,
  "unknownRecipient" | "selfSend" | "invalidAddress" | "otherNetworkAddress" | "ownAddress"
>;
export type Resolution = { ok: true; destination: Destination } | { ok: false; reason: PayeeRefusal };

const unknown: Resolution = { ok: false, reason: "unknownRecipient" };

function isOpenCustomer(user: User | undefined): user is User {
  return user !== undefined && user.role === "customer" && user.status === "active";
}

/** Reads the text typed in the Recipient field against the bank's network; once per request. */
export function readRecipient(ctx: Pick<WalletContext, "walletKeys">, text: string): RecipientInput {
  return parseRecipient(text, addressChecker(ctx.walletKeys.network));
}

/**
 * Where the recipient (the text typed in the Recipient field, as readRecipient read it) sends the money: a
 * username or a customer's deposit address is a transfer to that customer; any other valid address of the
 * bank's network is a withdrawal. Text meant as an address that is not a valid one, and an address of
 * another network, are refused: nothing may leave for an address nobody can spend from; so is one of the
 * bank's own addresses that no customer was given (its change, the next unissued ones, the vault's): the
 * coins a payout sent there would be the bank's, untracked.
 */
export async function resolvePayee({
  ctx,
  db,
  senderId,
  recipient,
}: {
  ctx: Pick<WalletContext, "walletKeys" | "vaultAddresses">;
  db: Db;
  senderId: string;
  recipient: RecipientInput;
}): Promise<Resolution> {
  const network = ctx.walletKeys.network;
  let payee: Payee;
  switch (recipient.kind) {
    case "invalid":
      return unknown;
    case "invalid-address":
      return { ok: false, reason: "invalidAddress" };
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
      if (owned === undefined) {
        if ((await bankAddressKind(ctx, db, recipient.address)) !== null)
          return { ok: false, reason: "ownAddress" };
        return { ok: true, destination: { kind: "withdrawal", address: recipient.address } };
      }
      const user = await findUserById(db, owned.userId);
      if (!isOpenCustomer(user)) return unknown;
      payee = { user, address: recipient.address };
      break;
    }
  }
  if (payee.user.id === senderId) return { ok: false, reason: "selfSend" };
  return { ok: true, destination: { kind: "transfer", payee } };
}
