import type { Solvency } from "@satsbank/shared";
import { sendErrors } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { findPausedSince, findSolvencyState } from "./queries.js";
import { toSolvency } from "./views.js";

/** `GET /api/admin/solvency`: the watchdog's last check and the pause, as every process reads them. */
export async function getSolvency({ ctx }: { ctx: { db: Db } }): Promise<Solvency> {
  return toSolvency(ctx.db, await findSolvencyState(ctx.db));
}

/** Why payouts are paused, in one line (for /healthz); null while they run. */
export async function payoutsPausedReason(db: Db): Promise<string | null> {
  const state = await findSolvencyState(db);
  if (state?.pausedSince == null) return null;
  const count = state.problems.length;
  return `Payouts are paused since ${state.pausedSince.toISOString()}: the solvency watchdog found ${count} ${count === 1 ? "problem" : "problems"} in the books (GET /api/admin/solvency).`;
}

/**
 * 503 `withdrawalsPaused` while the watchdog pauses payouts: a new withdrawal (its quote and its send)
 * asks this before anything is posted. Transfers between customers never ask.
 */
export async function assertWithdrawalsRunning(db: Db): Promise<void> {
  if ((await findPausedSince(db)) !== null) throw withdrawalsPaused();
}

/** The 503 `withdrawalsPaused` (wallet_send() answers the pause itself: the wallet reads it back as this). */
export function withdrawalsPaused(): AppError {
  return new AppError(
    "SERVICE_UNAVAILABLE",
    sendErrors.withdrawalsPaused.text,
    undefined,
    "withdrawalsPaused",
  );
}
