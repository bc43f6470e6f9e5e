import { formatBtc } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { findActiveStaffIds } from "../auth/index.js";
import { notices, notifyEach } from "../notifications/index.js";
import { checkSolvency, type SolvencyCheck } from "./check-solvency.js";
import type { SolvencyContext } from "./context.js";
import { lockSolvencyState, saveSolvencyState } from "./queries.js";
import { nextPause } from "./rules.js";

/**
 * A check as recorded: whether payouts are paused after it, whether this check started the pause, and
 * how many staff it alerted.
 */
export type SolvencyReport = SolvencyCheck & { paused: boolean; pauseStarted: boolean; alerted: number };

/**
 * Records a check in one db transaction: the state's row locked (a staff resume waits, or is seen), the
 * pause worked out (rules.ts: nextPause) and the row written in one statement; when the check starts a
 * pause, every active member of staff is alerted (a `solvency_alert` notification, always emailed) in
 * the same db transaction.
 */
export async function recordSolvencyCheck(db: Db, check: SolvencyCheck): Promise<SolvencyReport> {
  return inDbTransaction(db, async (tx) => {
    const previous = await lockSolvencyState(tx);
    const pause = nextPause(previous, check.problems, check.checkedAt);
    const resume = pause.keepResume ? previous : undefined;
    await saveSolvencyState(tx, {
      checkedAt: check.checkedAt,
      ok: check.ok,
      liabilitiesSats: check.liabilitiesSats,
      hotSats: check.hotSats,
      vaultSats: check.vaultSats,
      problems: check.problems,
      pausedSince: pause.pausedSince,
      resumedBy: resume?.resumedBy ?? null,
      resumedAt: resume?.resumedAt ?? null,
      resumeReason: resume?.resumeReason ?? null,
      resumedProblems: resume?.resumedProblems ?? null,
    });
    let alerted = 0;
    if (pause.alert) {
      const staff = await findActiveStaffIds(tx);
      const notice = notices.solvencyAlert({
        problems: check.problems.map((problem) => problem.message),
        detail: `The bank owes ${formatBtc(check.liabilitiesSats)} BTC; the chain shows ${formatBtc(check.hotSats)} BTC in the hot wallet and ${formatBtc(check.vaultSats)} BTC in the vault.`,
      });
      await notifyEach(
        tx,
        staff.map((userId) => ({ userId, at: check.checkedAt, ...notice })),
      );
      alerted = staff.length;
    }
    return { ...check, paused: pause.pausedSince !== null, pauseStarted: pause.alert, alerted };
  });
}

/**
 * The watchdog: checks the books against the chain (checkSolvency) and records the check (the pause,
 * the alert). The worker runs it after every follower pass and every payout; `transfers` adds the scan of
 * every transfer (see checkSolvency).
 */
export async function watchSolvency(
  ctx: SolvencyContext,
  options: { transfers?: boolean } = {},
): Promise<SolvencyReport> {
  return recordSolvencyCheck(ctx.db, await checkSolvency(ctx, options));
}
