import { insufficientFundsText, sendErrors } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { type Sats, sats } from "../../domain/money.js";
import { spendableAmount } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { firstStatus, type WithdrawalPolicy } from "../../domain/withdrawal-policy.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { IdempotencyKeyReusedError, InsufficientFundsError } from "../../ledger/errors.js";
import { postTransfers, type Transfer } from "../../ledger/post-transfers.js";
import { notices, notify, notifyEach, withdrawalNotices } from "../notifications/index.js";
import {
  recordCustomerTransfer,
  recordWithdrawal,
  type WalletTransactionRow,
} from "../transactions/index.js";
import { type QueuedWithdrawal, queueWithdrawal, withdrawalGate } from "../withdrawals/index.js";
import type { SendRequestRow } from "./queries.js";
import type { Payee } from "./resolve-payee.js";

// The two ways a checked send moves money, inside the send's db transaction (send-bitcoin.ts): a transfer
// to another customer, or a withdrawal to an outside address.

export const keyReused = () => new AppError("CONFLICT", sendErrors.keyReused.text, undefined, "keyReused");

export type Send = {
  tx: Db;
  sender: User;
  request: SendRequestRow;
  note: string | null;
  at: Date;
  idempotencyKey: string;
};

/**
 * Reads the ledger's refusals of a send as the customer's errors. A balance that fell under the amount
 * since it was checked (another send in between) says what can be sent now, the fee taken off.
 */
export function refusal(error: unknown, fee: Sats): unknown {
  if (error instanceof InsufficientFundsError) {
    const text = insufficientFundsText(spendableAmount(sats(error.balance), fee), fee);
    return new AppError("VALIDATION_ERROR", text, { amount: text }, "insufficientFunds");
  }
  return error instanceof IdempotencyKeyReusedError ? keyReused() : error;
}

/**
 * To another customer: one transfer, a completed transaction on each side, and each side told (sent,
 * received) as their Transaction Alerts say.
 */
export async function postPayeeSend(
  send: Send & { payee: Payee; amount: Sats },
): Promise<WalletTransactionRow> {
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
    throw refusal(error, sats(0n));
  });
  const [transferId] = posting.transferIds;
  if (transferId === undefined) throw new Error("A send's posting made no transfer");
  const row = await recordCustomerTransfer(tx, {
    transactionId: request.transactionId,
    sender,
    payee: payee.user,
    amount,
    address: payee.address,
    note: send.note,
    transferId,
    at,
  });
  // Both sides' settings in one query: a send is the bank's busiest write (docs/BENCHMARKS.md).
  await notifyEach(tx, [
    { userId: sender.id, at, ...notices.transferSent({ amount, to: payee.user.username }) },
    { userId: payee.user.id, at, ...notices.transferReceived({ amount, from: sender.username }) },
  ]);
  return row;
}

/**
 * To an outside address: amount + fee leave the customer's balance now, in one posting (the amount to
 * withdrawal clearing, the fee to fee revenue); the withdrawal waits where the policy puts it (held for a
 * new address, for staff approval, or queued for the worker to pay it out on the chain). The customer's
 * transaction is pending until the payout confirms; they are told where it stands.
 */
export async function postWithdrawalSend(
  send: Send & { address: string; amount: Sats; fee: Sats; policy: WithdrawalPolicy },
): Promise<WalletTransactionRow> {
  const { tx, sender, amount, fee, request, at } = send;
  const gate = await withdrawalGate(tx, {
    userId: sender.id,
    address: send.address,
    amount,
    at,
    policy: send.policy,
  });
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
    throw refusal(error, fee);
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
    state: firstStatus(gate),
    heldUntil: gate.heldUntil,
    at,
  });
  const queued = await queueWithdrawal(
    tx,
    {
      id: request.transactionId,
      userId: sender.id,
      address: send.address,
      amountSats: amount,
      feeSats: fee,
      at,
    },
    gate,
  );
  await notify(tx, { userId: sender.id, at, ...toldOf(queued, { amount, fee, address: send.address }) });
  return row;
}

/** What the customer is told of a withdrawal they confirmed: held, waiting for staff, or sent. */
function toldOf(queued: QueuedWithdrawal, withdrawal: { amount: Sats; fee: Sats; address: string }) {
  if (queued.status === "held" && queued.heldUntil !== null) {
    return withdrawalNotices.held({ ...withdrawal, until: queued.heldUntil });
  }
  if (queued.status === "awaiting_approval") {
    return withdrawalNotices.inReview({ ...withdrawal, approvals: queued.approvalsNeeded });
  }
  return notices.withdrawalQueued(withdrawal);
}
