import { randomUUID } from "node:crypto";
import { insufficientFundsText, type SendBody, sendErrors, type Transaction } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { requestHash } from "../../domain/idempotency.js";
import { sats } from "../../domain/money.js";
import { normalisedRecipient } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import { customerAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { IdempotencyKeyReusedError, InsufficientFundsError } from "../../ledger/errors.js";
import { postTransfers } from "../../ledger/post-transfers.js";
import { findWalletTransaction } from "../transactions/queries.js";
import { recordCustomerTransfer } from "../transactions/record-transfer.js";
import { toTransaction } from "../transactions/transaction-view.js";
import { assertMaySend, checkSend } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { claimSendRequest, findSendRequest, type SendRequestRow } from "./queries.js";
import { readRecipient } from "./resolve-payee.js";

export type SendBitcoinInput = {
  ctx: Pick<WalletContext, "db" | "clock" | "walletKeys">;
  sender: User;
  body: SendBody;
};

const keyReused = () => new AppError("CONFLICT", sendErrors.keyReused.text, undefined, "keyReused");

/**
 * Sends to another customer: in ONE db transaction it claims the idempotency key (the send request),
 * checks, posts the transfer in the ledger and writes both customers' transactions; any failure moves
 * nothing. The same key again answers the first send (never a second one); with another body it is a 409.
 * Answers the sender's transaction.
 */
export async function sendBitcoin({ ctx, sender, body }: SendBitcoinInput): Promise<Transaction> {
  await assertMaySend(ctx.db, sender);
  const note = body.note?.trim() || null;
  // Hashed as the send understands it, so a retry typed "ALICE" is the same send as "alice".
  const recipient = readRecipient(ctx, body.recipient);
  const hash = requestHash([normalisedRecipient(recipient, body.recipient), body.amountSats, note]);
  return inDbTransaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    const request: SendRequestRow = {
      userId: sender.id,
      idempotencyKey: body.idempotencyKey,
      requestHash: hash,
      transactionId: randomUUID(),
      createdAt: at,
    };
    if (!(await claimSendRequest(tx, request))) return repeatedSend(tx, request);

    const { payee, amount } = await checkSend({
      ctx,
      db: tx,
      senderId: sender.id,
      recipient,
      amountSats: body.amountSats,
    });
    const accounts = await openCustomerAccounts(tx, [sender.id, payee.user.id]);
    const posting = await postTransfers(
      tx,
      [
        {
          debit: customerAccountId(accounts, sender.id),
          credit: customerAccountId(accounts, payee.user.id),
          amount,
          kind: "customer_transfer",
          reference: `transaction:${request.transactionId}`,
        },
      ],
      { idempotencyKey: `send:${sender.id}:${body.idempotencyKey}`, at },
    ).catch((error: unknown) => {
      if (error instanceof InsufficientFundsError) {
        const text = insufficientFundsText(sats(error.balance));
        throw new AppError("VALIDATION_ERROR", text, { amount: text }, "insufficientFunds");
      }
      throw error instanceof IdempotencyKeyReusedError ? keyReused() : error;
    });

    const [transferId] = posting.transferIds;
    if (transferId === undefined) throw new Error("A send's posting made no transfer");
    const sent = await recordCustomerTransfer(tx, {
      transactionId: request.transactionId,
      sender,
      payee: payee.user,
      amount,
      address: payee.address,
      note,
      transferId,
      at,
    });
    return toTransaction(sent);
  });
}

/** The key was claimed by an earlier send: the same body gets that send's answer, another body a 409. */
async function repeatedSend(tx: Db, request: SendRequestRow): Promise<Transaction> {
  const first = await findSendRequest(tx, request);
  if (first === undefined) throw new Error(`send request ${request.idempotencyKey} is claimed but missing`);
  if (first.requestHash !== request.requestHash) throw keyReused();
  const row = await findWalletTransaction(tx, { userId: request.userId, transactionId: first.transactionId });
  if (row === undefined) throw new Error(`send request ${first.idempotencyKey} has no transaction`);
  return toTransaction(row);
}
