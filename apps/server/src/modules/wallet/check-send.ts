import { sendErrors } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { type Sats, satsFromString } from "../../domain/money.js";
import { amountProblem, spendableForTransfer } from "../../domain/send-rules.js";
import { customerBalance } from "../../ledger/accounts.js";
import { customerMaySend } from "../kyc/may-send.js";
import type { WalletContext } from "./context.js";
import { type Recipient, resolveRecipient } from "./resolve-recipient.js";

/** 403 unless the customer's identity and address are verified. */
export async function assertMaySend(db: Db, userId: string): Promise<void> {
  if (!(await customerMaySend({ ctx: { db }, userId }))) {
    throw new AppError("FORBIDDEN", sendErrors.notVerified.text);
  }
}

export type CheckedSend = { recipient: Recipient; amount: Sats };

/**
 * The checks a quote and a send share: the recipient (unknown, outside, self) and the amount (zero, more
 * than spendable). Every problem found is reported at once, each on its field (VALIDATION_ERROR).
 */
export async function checkSend({
  ctx,
  db,
  senderId,
  recipientText,
  amountSats,
}: {
  ctx: Pick<WalletContext, "walletKeys">;
  db: Db;
  senderId: string;
  recipientText: string;
  amountSats: string;
}): Promise<CheckedSend> {
  const spendable = spendableForTransfer(await customerBalance(db, senderId));
  const fields: Record<string, string> = {};
  const resolution = await resolveRecipient({ ctx, db, senderId, text: recipientText });
  if (!resolution.ok) fields.recipient = resolution.problem;
  // The wire format allows more digits than there are satoshis in existence: such an amount is too much.
  const amount = satsFromString(amountSats);
  const problem = amountProblem(amount ?? spendable + 1n, spendable);
  if (problem !== null) fields.amount = problem;
  if (!resolution.ok || amount === null || problem !== null) {
    const message = fields.recipient ?? fields.amount ?? "Invalid request";
    throw new AppError("VALIDATION_ERROR", message, fields);
  }
  return { recipient: resolution.recipient, amount };
}
