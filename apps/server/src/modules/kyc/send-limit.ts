import type { SendLimit } from "@satsbank/shared";
import { lockSubjectForTransaction } from "../../db/advisory-lock.js";
import type { Db } from "../../db/client.js";
import {
  dailyLimitFor,
  levelOf,
  remainingOf,
  SEND_LIMIT_WINDOW_MS,
  type VerificationLevel,
} from "../../domain/kyc.js";
import { sumSentSince } from "../transactions/queries.js";
import type { KycContext } from "./context.js";
import { findItemStates } from "./queries.js";

export type CustomerLimit = {
  level: VerificationLevel;
  /** Null at level 0: nothing may be sent. */
  dailyLimit: bigint | null;
  sent: bigint;
  remaining: bigint;
};

/**
 * The customer's rolling 24-hour send limit at `at`: their level's limit, what they sent in the last 24
 * hours (transfers and withdrawals alike) and what is left. Inside a send, call `lockSendLimit` first.
 */
export async function sendLimitOf(
  db: Db,
  { sendLimits }: Pick<KycContext, "sendLimits">,
  userId: string,
  at: Date,
): Promise<CustomerLimit> {
  const level = levelOf(await findItemStates(db, userId));
  const dailyLimit = dailyLimitFor(level, sendLimits);
  if (dailyLimit === null) return { level, dailyLimit, sent: 0n, remaining: 0n };
  const sent = await sumSentSince(db, userId, new Date(at.getTime() - SEND_LIMIT_WINDOW_MS));
  return { level, dailyLimit, sent, remaining: remainingOf(dailyLimit, sent) };
}

/**
 * Makes one customer's sends take turns until the end of the db transaction, so each sees the others'
 * amounts when it checks the limit: the check and the posting are one step, never read-then-write.
 */
export function lockSendLimit(db: Db, userId: string): Promise<void> {
  return lockSubjectForTransaction(db, `send-limit:${userId}`);
}

/** The limit as the wallet summary shows it; null at level 0. */
export function toSendLimit(limit: CustomerLimit): SendLimit | null {
  if (limit.dailyLimit === null) return null;
  return {
    level: limit.level,
    dailyLimitSats: limit.dailyLimit.toString(),
    sentSats: limit.sent.toString(),
    remainingSats: limit.remaining.toString(),
  };
}
