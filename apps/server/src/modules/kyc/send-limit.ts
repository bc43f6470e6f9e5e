import type { SendLimit } from "@satsbank/shared";
import { lockSubjectForDbTransaction } from "../../db/advisory-lock.js";
import type { Db } from "../../db/client.js";
import {
  dailyLimitFor,
  remainingOf,
  SEND_LIMIT_WINDOW_MS,
  type VerificationLevel,
} from "../../domain/kyc.js";
import type { KycContext } from "./context.js";

export type CustomerLimit = {
  level: VerificationLevel;
  /** Null at level 0: nothing may be sent. */
  dailyLimit: bigint | null;
  sent: bigint;
  remaining: bigint;
};

/** Where the rolling 24-hour window of the send limits ending at `at` starts. */
export function sendLimitWindowStart(at: Date): Date {
  return new Date(at.getTime() - SEND_LIMIT_WINDOW_MS);
}

/**
 * The rolling 24-hour send limit of a customer at `level` who sent `sent` (transfers and withdrawals
 * alike) in the window ending now: their level's limit and what is left. The wallet reads the items and
 * the sum with the balance, in one query (findSenderFigures); inside a send, call `lockSendLimit` first.
 */
export function limitOf({
  level,
  sent,
  sendLimits,
}: {
  level: VerificationLevel;
  sent: bigint;
  sendLimits: KycContext["sendLimits"];
}): CustomerLimit {
  const dailyLimit = dailyLimitFor(level, sendLimits);
  if (dailyLimit === null) return { level, dailyLimit, sent: 0n, remaining: 0n };
  return { level, dailyLimit, sent, remaining: remainingOf(dailyLimit, sent) };
}

/**
 * Makes one customer's sends take turns until the end of the db transaction, so each sees the others'
 * amounts when it checks the limit: the check and the posting are one step, never read-then-write.
 */
export function lockSendLimit(db: Db, userId: string): Promise<void> {
  return lockSubjectForDbTransaction(db, `send-limit:${userId}`);
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
