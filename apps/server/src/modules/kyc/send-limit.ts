import type { SendLimit } from "@satsbank/shared";
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
 * the sum with the balance, in one query (findSenderFigures); a send checks it in wallet_send()
 * (drizzle/0040), under the customer's send-limit lock.
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
