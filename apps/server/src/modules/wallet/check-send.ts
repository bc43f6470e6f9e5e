import { dailyLimitText, sendErrors } from "@satsbank/shared";
import { dustLimitOf } from "../../bitcoin/dust.js";
import { outputScript } from "../../bitcoin/payout-transaction.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { levelOf } from "../../domain/kyc.js";
import { type Sats, satsFromString } from "../../domain/money.js";
import type { RecipientInput } from "../../domain/recipient.js";
import { amountProblem, sendFee, spendableAmount } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { customerMaySend, limitOf, sendLimitWindowStart } from "../kyc/index.js";
import type { WalletContext } from "./context.js";
import { findSenderFigures } from "./queries.js";
import { type Destination, type PayeeRefusal, resolvePayee } from "./resolve-payee.js";

/** 403 `accountInactive`: staff deactivated the account. */
export function accountInactive(): AppError {
  return new AppError("FORBIDDEN", sendErrors.accountInactive.text, undefined, "accountInactive");
}

/**
 * 403 unless the account is active, the customer confirmed their email address and their identity and
 * address are verified. (A send checks the status again under a lock: see sendBitcoin.)
 */
export async function assertMaySend(
  db: Db,
  sender: Pick<User, "id" | "emailVerified" | "status">,
): Promise<void> {
  // Checked first: it needs no query, and a refused send must not go to an address nobody has proven.
  assertSenderStanding(sender);
  if (!(await customerMaySend({ ctx: { db }, userId: sender.id }))) throw notVerified();
}

/** 403 `notVerified`: the customer's identity and address are not both verified (level 0). */
export function notVerified(): AppError {
  return new AppError("FORBIDDEN", sendErrors.notVerified.text, undefined, "notVerified");
}

/** What assertMaySend checks without a query: the account is active and the email address confirmed. */
export function assertSenderStanding(sender: Pick<User, "emailVerified" | "status">): void {
  if (sender.status !== "active") throw accountInactive();
  if (!sender.emailVerified)
    throw new AppError("FORBIDDEN", sendErrors.emailNotVerified.text, undefined, "emailNotVerified");
}

/** Within the balance but above what is left of the rolling 24-hour limit: how much can still go today. */
function limitProblem(amount: bigint, remaining: bigint): { reason: "dailyLimit"; text: string } | null {
  return amount > remaining ? { reason: "dailyLimit", text: dailyLimitText(remaining) } : null;
}

/** The least a send to `destination` may move: its address's dust limit on the chain, none inside the bank. */
function dustLimitFor(destination: Destination, keys: WalletContext["walletKeys"]): bigint | null {
  return destination.kind === "withdrawal" ? dustLimitOf(outputScript(destination.address, keys)) : null;
}

/** A send that passed every check: where it goes, its amount and its fee (0 inside the bank). */
export type CheckedSend = { destination: Destination; amount: Sats; fee: Sats };

/**
 * The checks a quote and a send share: where the recipient sends the money (no one, an invalid address,
 * the sender, another customer, an outside address) and the amount (zero, below the dust limit of a
 * withdrawal's address, more than the balance less the fee, more than is left of the customer's rolling 24-hour
 * limit at `at`). Every problem found is reported at once, each on its
 * field (VALIDATION_ERROR); the error's reason names the first, the one the message says.
 */
export async function checkSend({
  ctx,
  db,
  senderId,
  recipient,
  amountSats,
  at,
}: {
  ctx: Pick<WalletContext, "walletKeys" | "withdrawalFeeSats" | "sendLimits" | "vaultAddresses">;
  db: Db;
  senderId: string;
  recipient: RecipientInput;
  amountSats: string;
  at: Date;
}): Promise<CheckedSend> {
  const { balance, items, sentSince } = await findSenderFigures(db, senderId, sendLimitWindowStart(at));
  const limit = limitOf({ level: levelOf(items), sent: sentSince, sendLimits: ctx.sendLimits });
  const resolution = await resolvePayee({ ctx, db, senderId, recipient });
  const kind = resolution.ok ? resolution.destination.kind : "transfer";
  const fee = sendFee(kind, ctx.withdrawalFeeSats);
  const spendable = spendableAmount(balance, fee);
  // The wire format allows more digits than there are satoshis in existence: such an amount is too much.
  const amount = satsFromString(amountSats);
  const dustLimit = resolution.ok ? dustLimitFor(resolution.destination, ctx.walletKeys) : null;
  const refused = sendRefusal({
    recipient: resolution.ok ? null : resolution.reason,
    amount,
    spendable,
    dustLimit,
    fee,
    remaining: limit.remaining,
  });
  if (refused !== null) throw refused;
  if (!resolution.ok || amount === null) throw new Error("a refused send passed the checks");
  return { destination: resolution.destination, amount, fee };
}

/**
 * The checks' verdict on a send whose recipient was refused for `recipient` (null: accepted) and whose
 * `amount` (null: more than there are satoshis) meets these figures: null when it may go, otherwise the
 * VALIDATION_ERROR with every problem on its field. checkSend and wallet_send()'s refusals share it.
 */
export function sendRefusal({
  recipient,
  amount,
  spendable,
  dustLimit,
  fee,
  remaining,
}: {
  recipient: PayeeRefusal | null;
  amount: Sats | null;
  spendable: Sats;
  dustLimit: bigint | null;
  fee: Sats;
  remaining: bigint;
}): AppError | null {
  const problem =
    amountProblem(amount ?? spendable + 1n, spendable, dustLimit, fee) ??
    limitProblem(amount ?? 0n, remaining);
  if (recipient === null && amount !== null && problem === null) return null;
  const fields: Record<string, string> = {};
  if (recipient !== null) fields.recipient = sendErrors[recipient].text;
  if (problem !== null) fields.amount = problem.text;
  const reason = recipient ?? problem?.reason;
  const message = fields.recipient ?? fields.amount ?? "Invalid request";
  return new AppError("VALIDATION_ERROR", message, fields, reason);
}
