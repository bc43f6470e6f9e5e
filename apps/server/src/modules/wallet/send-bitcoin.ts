import { randomUUID } from "node:crypto";
import { passkeyMessages, type SendBody, type Transaction } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { requestHash } from "../../domain/idempotency.js";
import { normalisedRecipient } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import { lockUserStatus } from "../auth/index.js";
import { lockSendLimit } from "../kyc/index.js";
import { approveWithPasskey, withdrawalApprovalRequired, withPasskeyApproval } from "../passkeys/index.js";
import { assertWithdrawalsRunning } from "../solvency/index.js";
import {
  type ChainHeight,
  findWalletTransaction,
  toTransaction,
  toTransactionWithConfirmations,
} from "../transactions/index.js";
import { accountInactive, assertMaySend, assertSenderStanding, checkSend } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { keyReused, postPayeeSend, postWithdrawalSend } from "./post-send.js";
import { claimSendRequest, findSendRequest, type SendRequestRow } from "./queries.js";
import { readRecipient } from "./resolve-payee.js";
import { walletSend } from "./wallet-send.js";

export type SendBitcoinInput = {
  ctx: Pick<
    WalletContext,
    | "db"
    | "clock"
    | "walletKeys"
    | "withdrawalFeeSats"
    | "sendLimits"
    | "chainHeight"
    | "withdrawalPolicy"
    | "rp"
    | "announcer"
  >;
  sender: User;
  /** The sender's session: a passkey challenge it asks for is its own (none: a script's send). */
  sessionId?: string | null;
  body: SendBody;
};

/**
 * Sends to another customer or, as a withdrawal, to an outside address: in ONE db transaction it claims the
 * idempotency key (the send request), checks, posts in the ledger and writes the transactions (and queues
 * a withdrawal for the worker); any failure moves nothing. The same key again answers the first send (never a second one); with another body it is a 409.
 * A withdrawal of a customer with a passkey (and the setting on) needs the passkey's signature over exactly
 * this withdrawal (recipient, amount, fee, key): without it nothing moves and the answer is 403
 * PASSKEY_REQUIRED with the challenge to sign; the approval comes before the policy's hold or staff review.
 * Answers the sender's transaction.
 */
export async function sendBitcoin({ ctx, sender, sessionId, body }: SendBitcoinInput): Promise<Transaction> {
  assertSenderStanding(sender);
  const note = body.note?.trim() || null;
  // Hashed as the send understands it, so a retry typed "ALICE" is the same send as "alice".
  const recipient = readRecipient(ctx, body.recipient);
  const hash = requestHash([normalisedRecipient(recipient, body.recipient), body.amountSats, note]);
  // To a customer (by username or deposit address): one statement, wallet_send(). An address that is no
  // customer's is a withdrawal, and the rest (text that is neither) is refused, the multi-statement way.
  if (recipient.kind === "username" || recipient.kind === "address") {
    const sent = await walletSend({
      ctx,
      sender,
      recipient,
      amountSats: body.amountSats,
      note,
      idempotencyKey: body.idempotencyKey,
      requestHash: hash,
    });
    if (sent !== null) return sent;
  }
  await assertMaySend(ctx.db, sender);
  const asking = { sessionId: sessionId ?? null, message: passkeyMessages.approvalRequired };
  return withPasskeyApproval(ctx, asking, () =>
    inDbTransaction(ctx.db, async (tx) => {
      const at = ctx.clock.now();
      const request: SendRequestRow = {
        userId: sender.id,
        idempotencyKey: body.idempotencyKey,
        requestHash: hash,
        transactionId: randomUUID(),
        createdAt: at,
      };
      if (!(await claimSendRequest(tx, request))) return repeatedSend(tx, ctx.chainHeight, request);
      // The customer's sends take turns from here to the commit: the limit sees every earlier one.
      await lockSendLimit(tx, sender.id);
      // Read under a share lock: a deactivation waits for this send, or this send sees it.
      if ((await lockUserStatus(tx, sender.id)) !== "active") throw accountInactive();

      const checked = await checkSend({
        ctx,
        db: tx,
        senderId: sender.id,
        recipient,
        amountSats: body.amountSats,
        at,
      });
      // While the solvency watchdog pauses payouts a withdrawal is refused (503); a transfer goes on.
      if (checked.destination.kind === "withdrawal") {
        await assertWithdrawalsRunning(tx);
        if (await withdrawalApprovalRequired(tx, sender.id)) {
          await approveWithPasskey(tx, ctx, {
            purpose: "withdrawal",
            userId: sender.id,
            approval: body.approval,
            facts: {
              recipient: checked.destination.address,
              amountSats: checked.amount.toString(),
              feeSats: checked.fee.toString(),
              idempotencyKey: body.idempotencyKey,
            },
          });
        }
      }
      const send = { tx, sender, request, note, at, idempotencyKey: body.idempotencyKey };
      const sent =
        checked.destination.kind === "transfer"
          ? await postPayeeSend({ ...send, payee: checked.destination.payee, amount: checked.amount })
          : await postWithdrawalSend({
              ...send,
              address: checked.destination.address,
              amount: checked.amount,
              fee: checked.fee,
              policy: ctx.withdrawalPolicy,
            });
      return toTransaction(sent);
    }),
  );
}

/** The key was claimed by an earlier send: the same body gets that send's answer, another body a 409. */
async function repeatedSend(tx: Db, chainHeight: ChainHeight, request: SendRequestRow): Promise<Transaction> {
  const first = await findSendRequest(tx, request);
  if (first === undefined) throw new Error(`send request ${request.idempotencyKey} is claimed but missing`);
  if (first.requestHash !== request.requestHash) throw keyReused();
  const row = await findWalletTransaction(tx, { userId: request.userId, transactionId: first.transactionId });
  if (row === undefined) throw new Error(`send request ${first.idempotencyKey} has no transaction`);
  return toTransactionWithConfirmations(tx, chainHeight, row);
}
