import { passkeyMessages, type SendBody, type Transaction } from "@satsbank/shared";
import { inDbTransaction } from "../../db/db-transaction.js";
import { requestHash } from "../../domain/idempotency.js";
import { normalisedRecipient } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import { approveWithPasskey, withPasskeyApproval } from "../passkeys/index.js";
import { toTransactionWithConfirmations } from "../transactions/index.js";
import { assertSenderStanding } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { readRecipient } from "./resolve-payee.js";
import { PasskeyWanted, type WalletSent, walletSend } from "./wallet-send.js";

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
    | "vaultAddresses"
  >;
  sender: User;
  /** The sender's session: a passkey challenge it asks for is its own (none: a script's send). */
  sessionId?: string | null;
  body: SendBody;
};

/**
 * Sends to another customer or, as a withdrawal, to an outside address, in one statement (wallet_send():
 * the key claimed, the checks, the posting, the history, the withdrawal queued, the notifications); any
 * failure moves nothing. The same key again answers the first send (never a second one); with another
 * body it is a 409. A withdrawal of a customer with a passkey (and the setting on) needs the passkey's
 * signature over exactly this withdrawal (recipient, amount, fee, key): without it nothing moves and the
 * answer is 403 PASSKEY_REQUIRED with the challenge to sign; with it, the assertion is verified (its
 * challenge claimed, once) and the send made in the same db transaction, wallet_send() checking that what
 * it sends is what was signed. The approval comes before the policy's hold or staff review.
 * Answers the sender's transaction; the notifications are announced after the commit.
 */
export async function sendBitcoin({ ctx, sender, sessionId, body }: SendBitcoinInput): Promise<Transaction> {
  assertSenderStanding(sender);
  const note = body.note?.trim() || null;
  // Hashed as the send understands it, so a retry typed "ALICE" is the same send as "alice".
  const recipient = readRecipient(ctx, body.recipient);
  const input = {
    ctx,
    sender,
    recipient,
    amountSats: body.amountSats,
    note,
    idempotencyKey: body.idempotencyKey,
    requestHash: requestHash([normalisedRecipient(recipient, body.recipient), body.amountSats, note]),
  };
  let sent: WalletSent;
  try {
    sent = await walletSend(input);
  } catch (error) {
    if (!(error instanceof PasskeyWanted)) throw error;
    const asking = { sessionId: sessionId ?? null, message: passkeyMessages.approvalRequired };
    const { approval } = body;
    sent = await withPasskeyApproval(ctx, asking, () =>
      inDbTransaction(ctx.db, async (tx) => {
        // Without an approval this ends here: PASSKEY_REQUIRED, with a challenge bound to these facts.
        await approveWithPasskey(tx, ctx, {
          purpose: "withdrawal",
          userId: sender.id,
          approval,
          facts: error.facts,
        });
        if (approval === undefined) throw new Error("a withdrawal went on without its passkey approval");
        return walletSend(input, { tx, challengeId: approval.challengeId });
      }),
    );
  }
  // Committed: the notifications are announced now, with every other send's of this moment.
  ctx.announcer.announce(sent.announcements);
  return toTransactionWithConfirmations(ctx.db, ctx.chainHeight, sent.row);
}
