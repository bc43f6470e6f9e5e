import {
  type KycItemId,
  type KycItemStatus,
  type KycResumeStep,
  PROOF_OF_ADDRESS_MAX_AGE_MONTHS,
} from "@satsbank/shared";
import type { Sats } from "./money.js";

// The rules of identity checks: levels, limits, the proof of address's date. No I/O.

/** The customer's items as far as the rules need them (a missing item is required). */
export type ItemStates = Partial<Record<KycItemId, KycItemStatus>>;

/** 0: signed up (may receive, not send); 1: identity and address verified; 2: enhanced verification too. */
export type VerificationLevel = 0 | 1 | 2;

export function levelOf(items: ItemStates): VerificationLevel {
  if (items.identity !== "verified" || items.address !== "verified") return 0;
  return items.enhanced === "verified" ? 2 : 1;
}

/** Sending needs level 1 (identity and address verified); receiving never needs anything. */
export function maySend(items: ItemStates): boolean {
  return levelOf(items) >= 1;
}

/** The rolling 24-hour send limit of each level that may send (SEND_LIMIT_LEVEL_1_SAT, _2_SAT). */
export type SendLimits = { level1: Sats; level2: Sats };

export function dailyLimitFor(level: VerificationLevel, limits: SendLimits): Sats | null {
  if (level === 0) return null;
  return level === 1 ? limits.level1 : limits.level2;
}

/** What is left of a limit after `sent` (never below zero). */
export function remainingOf(limit: bigint, sent: bigint): bigint {
  return sent >= limit ? 0n : limit - sent;
}

/** Milliseconds in the rolling window of the send limits. */
export const SEND_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * What is wrong with the date on a proof of address (YYYY-MM-DD), against today (UTC): in the future, or
 * older than 3 months (the same day three months ago is still fine). Null when it is acceptable.
 */
export function documentDateProblem(date: string, today: Date): "inFuture" | "tooOld" | null {
  const [year, month, day] = date.split("-").map(Number);
  if (year === undefined || month === undefined || day === undefined) return "tooOld";
  const dated = Date.UTC(year, month - 1, day);
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (dated > todayUtc) return "inFuture";
  const oldest = new Date(todayUtc);
  oldest.setUTCMonth(oldest.getUTCMonth() - PROOF_OF_ADDRESS_MAX_AGE_MONTHS);
  return dated < oldest.getTime() ? "tooOld" : null;
}

/**
 * Where the basic flow goes on: nothing verified or pending and nothing uploaded -> the intro; then the
 * first step without a file; all three uploaded, or a submission waiting -> the status screen. Null once
 * identity and address are verified.
 */
export function resumeStep(
  items: ItemStates,
  drafts: { identity: boolean; address: boolean; selfie: boolean },
): KycResumeStep | null {
  if (items.identity === "verified" && items.address === "verified") return null;
  if (items.identity === "pending" || items.address === "pending") return "status";
  if (!drafts.identity && !drafts.address && !drafts.selfie) {
    return items.identity === "rejected" || items.address === "rejected" ? "status" : "intro";
  }
  if (!drafts.identity) return "identity";
  if (!drafts.address) return "address";
  if (!drafts.selfie) return "selfie";
  return "status";
}

/**
 * The KYC status staff see for a customer: their basic level's (identity and address, which a submission
 * and its decision move together). modules/admin/queries.ts sorts by the same rule in SQL.
 */
export function basicStatusOf(items: ItemStates): KycItemStatus {
  const identity = items.identity ?? "required";
  const address = items.address ?? "required";
  if (identity === "verified" && address === "verified") return "verified";
  if (identity === "pending" || address === "pending") return "pending";
  if (identity === "rejected" || address === "rejected") return "rejected";
  return "required";
}
