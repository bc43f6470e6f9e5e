import { randomUUID } from "node:crypto";
import type { Transaction } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { withRetries } from "../../db/db-transaction.js";
import { databaseError } from "../../db/errors.js";
import { sats, satsFromString } from "../../domain/money.js";
import type { RecipientInput } from "../../domain/recipient.js";
import { spendableAmount } from "../../domain/send-rules.js";
import type { User } from "../../domain/user.js";
import { ledgerError } from "../../ledger/post-transfers.js";
import { sendLimitWindowStart } from "../kyc/index.js";
import { notices, noticeValues } from "../notifications/index.js";
import { recentReadingWindow } from "../prices/index.js";
import { rowsAnsweredBy, toTransactionWithConfirmations } from "../transactions/index.js";
import { accountInactive, notVerified, sendRefusal } from "./check-send.js";
import type { WalletContext } from "./context.js";
import { keyReused, refusal } from "./post-send.js";

// A send to another customer in one statement: the database function wallet_send() (drizzle/0040)
// claims the key, takes the locks, checks, posts, writes both history rows and both notifications, and
// answers the sender's row. This file gives it what the TypeScript rules decide and reads its refusals
// back through those rules (checkSend's sendRefusal), so the answers are the multi-statement send's.

/** Where the payee's username stands in the sent notice's words: wallet_send() puts it in. */
const PAYEE = "\u0001";

const refusalDetail = z.object({
  recipient: z.enum(["unknownRecipient", "selfSend"]).nullable(),
  balance: z.string().regex(/^\d+$/),
  remaining: z.string().regex(/^\d+$/),
});

export type WalletSendInput = {
  ctx: Pick<WalletContext, "db" | "clock" | "walletKeys" | "sendLimits" | "chainHeight" | "announcer">;
  sender: User;
  /** A username, or an address (a customer's deposit address; any other: the answer is null). */
  recipient: Extract<RecipientInput, { kind: "username" | "address" }>;
  amountSats: string;
  note: string | null;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * Sends to the customer `recipient` names, in one round trip (wallet_send()). Answers the sender's
 * transaction (a repeat of the key: the first send's), throws the send's errors as the API answers them,
 * or answers null when the recipient is an address no customer was given: a withdrawal, which goes the
 * multi-statement way (sendBitcoin), nothing having been done here.
 */
export async function walletSend({
  ctx,
  sender,
  recipient,
  amountSats,
  note,
  idempotencyKey,
  requestHash,
}: WalletSendInput): Promise<Transaction | null> {
  const at = ctx.clock.now();
  const amount = satsFromString(amountSats);
  const window = recentReadingWindow(at);
  const told = [
    noticeValues(notices.transferSent({ amount: amount ?? 0n, to: PAYEE })),
    noticeValues(notices.transferReceived({ amount: amount ?? 0n, from: sender.username })),
  ];
  const call = sql`select (a.sent).*, a.announcements from wallet_send(
    ${sender.id}::uuid, ${idempotencyKey}::uuid, ${requestHash}, ${randomUUID()}::uuid,
    ${`send:${sender.id}:${idempotencyKey}`},
    ${recipient.kind === "username" ? recipient.username : null}::text,
    ${recipient.kind === "address" ? recipient.address : null}::text, ${ctx.walletKeys.network},
    ${amount === null ? null : amount.toString()}::bigint, ${note}::text, ${at.toISOString()}::timestamptz,
    ${sendLimitWindowStart(at).toISOString()}::timestamptz,
    ${ctx.sendLimits.level1.toString()}::bigint, ${ctx.sendLimits.level2.toString()}::bigint,
    ${window.oldest.toISOString()}::timestamptz, ${window.oldestMinute.toISOString()}::timestamptz,
    ${JSON.stringify(told)}::jsonb) a`;
  try {
    const [sent] = await withRetries(() => rowsAnsweredBy(ctx.db, call));
    if (sent === undefined) throw new Error("wallet_send() answered no transaction");
    // Committed: the notifications are announced now, with every other send's of this moment.
    ctx.announcer.announce(announcementsOf(sent.answer));
    return await toTransactionWithConfirmations(ctx.db, ctx.chainHeight, sent.row);
  } catch (error) {
    if (databaseError(error)?.code === "WS010") return null;
    throw refused(error, amount);
  }
}

/** The announcements wallet_send() answers with its row (a repeat of the key: none). */
function announcementsOf(answer: Record<string, unknown>): string[] {
  return z.array(z.string()).parse(answer.announcements);
}

/** wallet_send()'s refusals as the send's errors (drizzle/0040 lists them). */
function refused(error: unknown, amount: ReturnType<typeof satsFromString>): unknown {
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
      const answer = sendRefusal({
        recipient: detail.recipient,
        amount,
        spendable: spendableAmount(sats(BigInt(detail.balance)), sats(0n)),
        dustLimit: null,
        fee: sats(0n),
        remaining: BigInt(detail.remaining),
      });
      return answer ?? new Error(`wallet_send() refused a send its rules accept: ${facts.detail}`);
    }
    case "LD001":
      return refusal(ledgerError(error, "send"), sats(0n));
    default:
      return error;
  }
}
