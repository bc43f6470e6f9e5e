import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { withRetries } from "../../db/db-transaction.js";
import { databaseError } from "../../db/errors.js";
import { type Sats, sats, satsFromString } from "../../domain/money.js";
import type { RecipientInput } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import { type KeyWindow, ownAddressFacts, windowKey } from "../addresses/index.js";
import { sendLimitWindowStart } from "../kyc/index.js";
import { recentReadingWindow } from "../prices/index.js";
import { rowsAnsweredBy, type WalletTransactionRow } from "../transactions/index.js";
import type { WalletContext } from "./context.js";
import { recipientRefusal, refused, type WithdrawalTerms } from "./send-refusals.js";
import { transferNotices, withdrawalTerms, withdrawalValues } from "./send-values.js";

// A send in one statement: the database function wallet_send() (drizzle/0040) claims the key, takes the
// locks, checks, posts, writes the history, the withdrawal and the notifications, and answers the
// sender's row. This file gives it what the TypeScript rules decide and reads its refusals back through
// those rules (send-refusals.ts), so the answers are the ones the quote's checks give.

export type WalletSendContext = Pick<
  WalletContext,
  "db" | "clock" | "walletKeys" | "sendLimits" | "withdrawalFeeSats" | "withdrawalPolicy" | "vaultAddresses"
>;

export type WalletSendInput = {
  ctx: WalletSendContext;
  sender: User;
  recipient: RecipientInput;
  amountSats: string;
  note: string | null;
  idempotencyKey: string;
  requestHash: string;
};

/** What wallet_send() answered: the sender's row, and the notifications to announce after the commit. */
export type WalletSent = { row: WalletTransactionRow; announcements: string[] };

/**
 * The withdrawal needs the customer's passkey and the send had no approval of it (WS005): nothing was done.
 * `facts` are what an approval must be bound to.
 */
export class PasskeyWanted extends Error {
  override name = "PasskeyWanted";

  constructor(readonly facts: Readonly<Record<string, string>>) {
    super("the withdrawal needs a passkey approval");
  }
}

// Where each key chain's window started when a send last looked, per database (wallet_send() says when
// it moved: WS011).
const windowStarts = new WeakMap<Db, Map<string, number>>();

/** How often a send looks an address up again when the windows moved under it (a chain grew meanwhile). */
const WINDOW_TRIES = 3;

/**
 * Sends as `input` says, in one statement (wallet_send()): alone, as its own db transaction (retried on a
 * deadlock), or in `tx` after a passkey approval's claim (`challengeId`: the challenge it claimed). Answers
 * the sender's row (a repeat of the key: the first send's) and the announcements; throws the send's
 * errors as the API answers them, and PasskeyWanted when a withdrawal needs an approval it lacks.
 */
export async function walletSend(
  input: WalletSendInput,
  within: { tx: Db; challengeId: string } | null = null,
): Promise<WalletSent> {
  const { ctx, recipient } = input;
  const at = ctx.clock.now();
  const amount = satsFromString(input.amountSats);
  const address = recipient.kind === "address" ? recipient.address : null;
  const terms = address === null ? null : withdrawalTerms(ctx, address);
  const starts = startsOf(ctx.db);
  for (let tries = 1; ; tries++) {
    const { statement, windows } = await callOf(input, {
      db: within?.tx ?? ctx.db,
      at,
      amount,
      address,
      terms,
      starts,
      challengeId: within?.challengeId,
    });
    try {
      const [sent] =
        within === null
          ? await withRetries(() => rowsAnsweredBy(ctx.db, statement))
          : await rowsAnsweredBy(within.tx, statement);
      if (sent === undefined) throw new Error("wallet_send() answered no transaction");
      return { row: sent.row, announcements: z.array(z.string()).parse(sent.answer.announcements) };
    } catch (error) {
      const facts = databaseError(error);
      // Outside a db transaction the windows are looked at again; inside one the error ended it.
      if (facts?.code === "WS011" && within === null && tries < WINDOW_TRIES) {
        remember(starts, facts.detail, windows);
        continue;
      }
      if (facts?.code === "WS011") remember(starts, facts.detail, windows);
      if (facts?.code === "WS005" && address !== null && amount !== null && terms !== null) {
        throw new PasskeyWanted({
          recipient: address,
          amountSats: amount.toString(),
          feeSats: terms.fee.toString(),
          idempotencyKey: input.idempotencyKey,
        });
      }
      throw refused(error, amount, terms);
    }
  }
}

function startsOf(db: Db): Map<string, number> {
  let starts = windowStarts.get(db);
  if (starts === undefined) {
    starts = new Map();
    windowStarts.set(db, starts);
  }
  return starts;
}

/** Keeps where each window starts now, as WS011's detail says (in the order of the windows passed). */
function remember(starts: Map<string, number>, detail: string | undefined, windows: readonly KeyWindow[]) {
  const now = z.array(z.number().int().nonnegative()).parse(JSON.parse(detail ?? "[]"));
  windows.forEach((window, i) => {
    const start = now[i];
    if (start !== undefined) starts.set(windowKey(window), start);
  });
}

/** The statement, and the key windows it passes (WS011 answers their starts in this order). */
async function callOf(
  { ctx, sender, recipient, note, idempotencyKey, requestHash }: WalletSendInput,
  send: {
    /** Where a vault port without a twin in the database reads (the send's db transaction, if any). */
    db: Db;
    at: Date;
    amount: Sats | null;
    address: string | null;
    terms: WithdrawalTerms | null;
    starts: Map<string, number>;
    challengeId: string | undefined;
  },
) {
  const { at, amount, address, terms } = send;
  const own =
    address === null ? null : await ownAddressFacts(ctx, send.db, address, (key) => send.starts.get(key));
  const withdrawal =
    address === null || terms === null || own === null
      ? null
      : withdrawalValues({ ctx, address, amount: amount ?? sats(0n), terms, own, at, idempotencyKey });
  const window = recentReadingWindow(at);
  const statement = sql`select (a.sent).*, a.announcements from wallet_send(
    ${sender.id}::uuid, ${idempotencyKey}::uuid, ${requestHash}, ${randomUUID()}::uuid,
    ${`send:${sender.id}:${idempotencyKey}`},
    ${recipient.kind === "username" ? recipient.username : null}::text, ${address}::text,
    ${recipientRefusal(recipient)}::text, ${ctx.walletKeys.network},
    ${amount === null ? null : amount.toString()}::bigint, ${note}::text, ${at.toISOString()}::timestamptz,
    ${sendLimitWindowStart(at).toISOString()}::timestamptz,
    ${ctx.sendLimits.level1.toString()}::bigint, ${ctx.sendLimits.level2.toString()}::bigint,
    ${window.oldest.toISOString()}::timestamptz, ${window.oldestMinute.toISOString()}::timestamptz,
    ${JSON.stringify(transferNotices(amount ?? sats(0n), sender.username))}::jsonb,
    ${withdrawal === null ? null : JSON.stringify(withdrawal)}::jsonb, ${send.challengeId ?? null}::uuid) a`;
  return { statement, windows: own?.windows ?? [] };
}
