import { randomUUID } from "node:crypto";
import { insufficientFundsText, type SendBody, sendErrors, type Transaction } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { requestHash } from "../../domain/idempotency.js";
import { type Sats, sats } from "../../domain/money.js";
import { normalisedRecipient } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { IdempotencyKeyReusedError, InsufficientFundsError } from "../../ledger/errors.js";
import { postTransfers, type Transfer } from "../../ledger/post-transfers.js";
import { findWalletTransaction, type WalletTransactionRow } from "../transactions/queries.js";
import { recordCustomerTransfer, recordWithdrawal } from "../transactions/record-transfer.js";
import { toTransaction } from "../transactions/transaction-view.js";
import { queueWithdrawal } from "../withdrawals/queue-withdrawal.js";
import { assertMaySend, checkSend } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { claimSendRequest, findSendRequest, type SendRequestRow } from "./queries.js";
import { type Payee, readRecipient } from "./resolve-payee.js";

export type SendBitcoinInput = {
  ctx: Pick<WalletContext, "db" | "clock" | "walletKeys" | "withdrawalFeeSats">;
  sender: User;
  body: SendBody;
};

const keyReused = () => new AppError("CONFLICT", sendErrors.keyReused.text, undefined, "keyReused");

/**
 * Sends to another customer or, as a withdrawal, to an outside address: in ONE db transaction it claims the
 * idempotency key (the send request), checks, posts in the ledger and writes the transactions (and queues
 * a withdrawal for the worker); any failure moves nothing. The same key again answers the first send (never a second one); with another body it is a 409.
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

    const checked = await checkSend({
      ctx,
      db: tx,
      senderId: sender.id,
      recipient,
      amountSats: body.amountSats,
    });
    const send = { tx, sender, request, note, at, idempotencyKey: body.idempotencyKey };
    const sent =
      checked.destination.kind === "transfer"
        ? await transfer({ ...send, payee: checked.destination.payee, amount: checked.amount })
        : await withdraw({
            ...send,
            address: checked.destination.address,
            amount: checked.amount,
            fee: checked.fee,
          });
    return toTransaction(sent);
  });
}

type Send = {
  tx: Db;
  sender: User;
  request: SendRequestRow;
  note: string | null;
  at: Date;
  idempotencyKey: string;
};

/** Reads the ledger's refusals of a send as the customer's errors. */
function refusal(error: unknown): unknown {
  if (error instanceof InsufficientFundsError) {
    const text = insufficientFundsText(sats(error.balance));
    return new AppError("VALIDATION_ERROR", text, { amount: text }, "insufficientFunds");
  }
  return error instanceof IdempotencyKeyReusedError ? keyReused() : error;
}

/** To another customer: one transfer, and a completed transaction on each side. */
async function transfer(send: Send & { payee: Payee; amount: Sats }): Promise<WalletTransactionRow> {
  const { tx, sender, payee, amount, request, at } = send;
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
    { idempotencyKey: `send:${sender.id}:${send.idempotencyKey}`, at },
  ).catch((error: unknown) => {
    throw refusal(error);
  });
  const [transferId] = posting.transferIds;
  if (transferId === undefined) throw new Error("A send's posting made no transfer");
  return recordCustomerTransfer(tx, {
    transactionId: request.transactionId,
    sender,
    payee: payee.user,
    amount,
    address: payee.address,
    note: send.note,
    transferId,
    at,
  });
}

/**
 * To an outside address: amount + fee leave the customer's balance now, in one posting (the amount to
 * withdrawal clearing, the fee to fee revenue); the withdrawal waits, queued, for the worker to pay it out
 * on the chain. The customer's transaction is pending until the payout confirms.
 */
async function withdraw(
  send: Send & { address: string; amount: Sats; fee: Sats },
): Promise<WalletTransactionRow> {
  const { tx, sender, amount, fee, request, at } = send;
  const accounts = await openCustomerAccounts(tx, [sender.id]);
  const customer = customerAccountId(accounts, sender.id);
  const reference = `transaction:${request.transactionId}`;
  const transfers: Transfer[] = [
    {
      debit: customer,
      credit: await bankAccountId(tx, "withdrawal_clearing"),
      amount,
      kind: "withdrawal",
      reference,
    },
  ];
  if (fee > 0n) {
    transfers.push({
      debit: customer,
      credit: await bankAccountId(tx, "fee_revenue"),
      amount: fee,
      kind: "withdrawal_fee",
      reference,
    });
  }
  const posting = await postTransfers(tx, transfers, {
    idempotencyKey: `send:${sender.id}:${send.idempotencyKey}`,
    at,
  }).catch((error: unknown) => {
    throw refusal(error);
  });
  const [transferId] = posting.transferIds;
  if (transferId === undefined) throw new Error("A withdrawal's posting made no transfer");
  const row = await recordWithdrawal(tx, {
    transactionId: request.transactionId,
    userId: sender.id,
    amount,
    fee,
    address: send.address,
    note: send.note,
    transferId,
    at,
  });
  await queueWithdrawal(tx, {
    id: request.transactionId,
    userId: sender.id,
    address: send.address,
    amountSats: amount,
    feeSats: fee,
    at,
  });
  return row;
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
