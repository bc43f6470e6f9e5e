import type { Log } from "../adapters/log.js";
import type { HeldLock } from "../db/advisory-lock.js";
import { buildDailyEpoch, type ProofContext } from "../modules/proof/index.js";

/** How often the worker asks whether the daily epoch is due. */
export const EPOCH_CHECK_MS = 60_000;

export type EpochJob = { stop(): Promise<void> };

/**
 * The daily proof-of-reserves epoch: every EPOCH_CHECK_MS the process that takes the lock (one at a
 * time, across processes) builds the epoch if it is due (modules/proof/daily-epoch.ts). A failure is
 * logged and the next check tries again.
 */
export function startEpochJob({
  ctx,
  minuteOfDay,
  lead,
  log,
  everyMs = EPOCH_CHECK_MS,
}: {
  ctx: ProofContext;
  minuteOfDay: number;
  lead: () => Promise<HeldLock | null>;
  log: Log;
  everyMs?: number;
}): EpochJob {
  let running: Promise<void> = Promise.resolve();
  async function check(): Promise<void> {
    const lock = await lead();
    if (lock === null) return;
    try {
      const built = await buildDailyEpoch(ctx, minuteOfDay);
      if (built !== null) {
        log.info(
          `Built proof-of-reserves epoch ${built.epoch}: ${built.leafCount} customers, ${built.total} sat`,
        );
      }
    } catch (error) {
      log.error({ err: error }, "The daily proof-of-reserves epoch failed; the next check tries again");
    } finally {
      await lock.release();
    }
  }
  const timer = setInterval(() => {
    running = running
      .then(check)
      .catch((error: unknown) =>
        log.error({ err: error }, "The daily proof-of-reserves epoch could not check"),
      );
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
