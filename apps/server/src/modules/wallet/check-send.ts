import { sendErrors } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { type Sats, satsFromString } from "../../domain/money.js";
import type { RecipientInput } from "../../domain/recipient.js";
import { amountProblem, spendableForTransfer } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { customerBalance } from "../../ledger/accounts.js";
import { customerMaySend } from "../kyc/may-send.js";
import type { WalletContext } from "./context.js";
import { type Payee, resolvePayee } from "./resolve-payee.js";

/** 403 unless the customer confirmed their email address and their identity and address are verified. */
export async function assertMaySend(db: Db, sender: Pick<User, "id" | "emailVerified">): Promise<void> {
  // Checked first: it needs no query, and a refused send must not go to an address nobody has proven.
  if (!sender.emailVerified)
    throw new AppError("FORBIDDEN", sendErrors.emailNotVerified.text, undefined, "emailNotVerified");
  if (!(await customerMaySend({ ctx: { db }, userId: sender.id }))) {
    throw new AppError("FORBIDDEN", sendErrors.notVerified.text, undefined, "notVerified");
  }
}

export type CheckedSend = { payee: Payee; amount: Sats };

/**
 * The checks a quote and a send share: whom the recipient names (no one, an outside address, the sender)
 * and the amount (zero, more than spendable). Every problem found is reported at once, each on its field
 * (VALIDATION_ERROR); the error's reason names the first, the one the message says.
 */
export async function checkSend({
  ctx,
  db,
  senderId,
  recipient,
  amountSats,
}: {
  ctx: Pick<WalletContext, "walletKeys">;
  db: Db;
  senderId: string;
  recipient: RecipientInput;
  amountSats: string;
}): Promise<CheckedSend> {
  const spendable = spendableForTransfer(await customerBalance(db, senderId));
  const resolution = await resolvePayee({ ctx, db, senderId, recipient });
  // The wire format allows more digits than there are satoshis in existence: such an amount is too much.
  const amount = satsFromString(amountSats);
  const problem = amountProblem(amount ?? spendable + 1n, spendable);
  if (resolution.ok && amount !== null && problem === null) return { payee: resolution.payee, amount };
  const fields: Record<string, string> = {};
  if (!resolution.ok) fields.recipient = sendErrors[resolution.reason].text;
  if (problem !== null) fields.amount = problem.text;
  const reason = resolution.ok ? problem?.reason : resolution.reason;
  const message = fields.recipient ?? fields.amount ?? "Invalid request";
  throw new AppError("VALIDATION_ERROR", message, fields, reason);
}
