import { insufficientFundsText, sendErrors } from "@satsbank/shared";
import { z } from "zod";
import { databaseError } from "../../db/errors.js";
import { AppError } from "../../domain/app-error.js";
import { type Sats, sats } from "../../domain/money.js";
import type { RecipientInput } from "../../domain/recipient.js";
import { spendableAmount } from "../../domain/send-rules.js";
import { IdempotencyKeyReusedError, InsufficientFundsError } from "../../ledger/errors.js";
import { ledgerError } from "../../ledger/post-transfers.js";
import { withdrawalsPaused } from "../solvency/index.js";
import { accountInactive, notVerified, sendRefusal } from "./check-send.js";
import type { PayeeRefusal } from "./resolve-payee.js";

// wallet_send()'s refusals (drizzle/0040 lists them) read back as the send's errors, through the rules the
// quote checks with (sendRefusal): the answers are the same, byte for byte.

export const keyReused = () => new AppError("CONFLICT", sendErrors.keyReused.text, undefined, "keyReused");

/**
 * Why a recipient is refused before anyone is looked up (text that is no username and no valid address of
 * the bank's network): wallet_send() refuses it with the amount's problems, as the quote does. Null: a
 * username or an address, which the function looks up.
 */
export function recipientRefusal(recipient: RecipientInput): PayeeRefusal | null {
  switch (recipient.kind) {
    case "invalid":
      return "unknownRecipient";
    case "invalid-address":
      return "invalidAddress";
    case "other-network-address":
      return "otherNetworkAddress";
    default:
      return null;
  }
}

const refusalDetail = z.object({
  recipient: z
    .enum(["unknownRecipient", "selfSend", "invalidAddress", "otherNetworkAddress", "ownAddress"])
    .nullable(),
  withdrawal: z.boolean(),
  balance: z.string().regex(/^\d+$/),
  remaining: z.string().regex(/^\d+$/),
});

/** What a withdrawal costs and the least it may move (the address's dust limit), as the send passed them. */
export type WithdrawalTerms = { fee: Sats; dustLimit: bigint | null };

/** wallet_send()'s refusal `error` of a send of `amount` (null: more than there are satoshis) as the API answers it. */
export function refused(error: unknown, amount: Sats | null, terms: WithdrawalTerms | null): unknown {
  const facts = databaseError(error);
  switch (facts?.code) {
    case "WS001":
      return keyReused();
    case "WS002":
      return accountInactive();
    case "WS003":
      return notVerified();
    case "WS004": {
      const detail = refusalDetail.parse(JSON.parse(facts.detail ?? "null"));
      // Only a withdrawal has a fee and a dust limit; a refused recipient is checked as a transfer.
      const fee = detail.withdrawal && terms !== null ? terms.fee : sats(0n);
      const answer = sendRefusal({
        recipient: detail.recipient,
        amount,
        spendable: spendableAmount(sats(BigInt(detail.balance)), fee),
        dustLimit: detail.withdrawal && terms !== null ? terms.dustLimit : null,
        fee,
        remaining: BigInt(detail.remaining),
      });
      return answer ?? new Error(`wallet_send() refused a send its rules accept: ${facts.detail}`);
    }
    case "WS006":
      return withdrawalsPaused();
    case "LD001":
      // The function checked the balance under the sender's lock before posting: the ledger's own refusal
      // is the last line, read as a transfer's (no fee named).
      return ledgerRefusal(ledgerError(error, "send"));
    default:
      return error;
  }
}

/** The ledger's refusal of a send as the customer's error: what can be sent now. */
function ledgerRefusal(error: unknown): unknown {
  if (error instanceof InsufficientFundsError) {
    const text = insufficientFundsText(spendableAmount(sats(error.balance), sats(0n)), sats(0n));
    return new AppError("VALIDATION_ERROR", text, { amount: text }, "insufficientFunds");
  }
  return error instanceof IdempotencyKeyReusedError ? keyReused() : error;
}
