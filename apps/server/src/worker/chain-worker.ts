import type { Log } from "../adapters/log.js";
import { ChainBackendError } from "../bitcoin/chain/chain-backend.js";
import type { HeldLock } from "../db/advisory-lock.js";
import { type ChainContext, type SyncReport, syncChain } from "../modules/chain/index.js";
import { type SolvencyReport, type VaultReserves, watchSolvency } from "../modules/solvency/index.js";
import { type RefillsReport, trackRefills, type VaultSettings } from "../modules/vault/index.js";
import {
  type PayOutReport,
  type PayoutsReport,
  payOutQueued,
  releaseHeldWithdrawals,
  type SweepReport,
  sweepHotWallet,
  trackPayouts,
} from "../modules/withdrawals/index.js";

/**
 * One pass of the worker: what the follower read, what the payouts did (`paused`: the solvency watchdog
 * held the queued withdrawals back), how many holds ended, and the watchdog's last check of the pass.
 */
export type PassReport = SyncReport & {
  payouts: PayoutsReport;
  refills: RefillsReport;
  payOut: PayOutReport | { outcome: "paused" };
  /** The hot wallet's excess to the cold vault, after the payouts (idle without a vault). */
  sweep: SweepReport | { outcome: "paused" };
  released: number;
  solvency: SolvencyReport;
};

/** What a pass may add to the follower's context. */
export type PassOptions = {
  /** The watchdog also checks every balance against its transfers (a read of every transfer). */
  transfers?: boolean;
  /** The vault's coins on the chain (the vault module's port); none: the vault counts nothing. */
  vaultReserves?: VaultReserves;
  /** The cold vault and the hot wallet's max and target: the pass sweeps the excess (none: no sweep). */
  vault?: VaultSettings;
};

/**
 * One pass: follow the chain (blocks, deposits, the blocks payouts and refills are in) and check the books
 * against it (the solvency watchdog); move the open payouts (sweeps among them) and the vault's refills on
 * (settle the deep ones, send again the ones not accepted), checking again if they moved; end the holds
 * that are over; then, unless the watchdog paused payouts, pay the queued withdrawals, and sweep what the
 * hot wallet holds above its max to the cold vault, checking once more after each.
 */
export async function runPass(ctx: ChainContext, options: PassOptions = {}): Promise<PassReport> {
  const watchdog = { ...ctx, ...(options.vaultReserves ? { vaultReserves: options.vaultReserves } : {}) };
  const sync = await syncChain(ctx);
  let solvency = await watchSolvency(watchdog, { transfers: options.transfers ?? false });
  const payouts = await trackPayouts(ctx);
  const refills = await trackRefills(ctx);
  const moved = payouts.settled + payouts.failed + payouts.rebroadcast + refills.settled + refills.failed;
  if (moved > 0) solvency = await watchSolvency(watchdog);
  const released = await releaseHeldWithdrawals(ctx);
  const payOut = solvency.paused ? ({ outcome: "paused" } as const) : await payOutQueued(ctx);
  if (payOut.outcome === "paid") solvency = await watchSolvency(watchdog);
  // Queued withdrawals are paid first: the sweep takes only what is left above the max.
  const sweep = solvency.paused
    ? ({ outcome: "paused" } as const)
    : options.vault === undefined
      ? ({ outcome: "idle" } as const)
      : await sweepHotWallet({ ...ctx, vault: options.vault });
  if (sweep.outcome === "swept") solvency = await watchSolvency(watchdog);
  return { ...sync, payouts, refills, payOut, sweep, released, solvency };
}

/** The worker's log of the vault's side of a pass: a sweep made, refills settled or refused. */
function logVault(log: Log, report: PassReport): void {
  const { sweep, refills } = report;
  if (sweep.outcome === "swept") {
    const sent =
      sweep.broadcast.outcome === "broadcast"
        ? "broadcast"
        : `${sweep.broadcast.outcome}: ${sweep.broadcast.reason}`;
    log.info(
      `Swept ${sweep.amountSats} sat from the hot wallet to the cold vault (${sweep.inputs} coins, miner fee ${sweep.minerFeeSats} sat) in ${sweep.txid}: ${sent}`,
    );
  }
  if (sweep.outcome === "short")
    log.warn("The hot wallet is above its max, but its coins cannot make a sweep");
  if (sweep.outcome === "unaffordable")
    log.warn(
      `The hot wallet is above its max, but the bank's own money (${sweep.surplusSats} sat beyond what it owes) cannot pay a sweep's miner fee (${sweep.minerFeeSats} sat)`,
    );
  if (refills.settled > 0)
    log.info(`${refills.settled} vault refills confirmed: the hot wallet has their coins`);
  if (refills.failed > 0)
    log.warn(`${refills.failed} vault refills were refused by the network: their coins are free`);
}

/**
 * The watchdog reads every transfer to check balances against them once in this many passes (and on the
 * first): the rest of its check reads only the balances (see docs/BENCHMARKS.md for why).
 */
export const TRANSFERS_SCAN_PASSES = 10;

export type ChainWorkerOptions = {
  ctx: ChainContext;
  /** Tries to become the one follower (an advisory lock); null while another process is. */
  lead: () => Promise<HeldLock | null>;
  pollMs: number;
  /** Mines a block every `blockMs` (0: only on demand): the sandbox chain's blocks; null for a real chain. */
  mining: { mine(): Promise<unknown>; blockMs: number } | null;
  log: Log;
  /** What every pass adds (the cold vault: its sweep, and its coins for the watchdog). */
  pass?: Omit<PassOptions, "transfers">;
};

export type ChainWorker = {
  /** Runs one pass now (after any pass under way), when this process leads; answers its report. */
  syncNow(): Promise<PassReport | null>;
  stop(): Promise<void>;
};

/**
 * The background worker: one process at a time (the one holding the advisory lock) follows the chain
 * and pays out withdrawals every `pollMs`, and on the sandbox mines a block every `blockMs`. Another process takes over when the
 * leader dies: its connection closes and the lock with it. A backend that is down or answers garbage
 * is logged and tried again at the next pass: deposits wait, nothing is lost or credited twice.
 */
export function startChainWorker({
  ctx: given,
  lead,
  pollMs,
  mining,
  log,
  pass: passOptions = {},
}: ChainWorkerOptions): ChainWorker {
  const ctx: ChainContext = { ...given, mempoolRead: given.mempoolRead ?? new Set() };
  let lock: HeldLock | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastBlockAt = Date.now();
  let passes = 0;
  // Passes run one after another: the loop's and syncNow's.
  let queue: Promise<unknown> = Promise.resolve();

  async function leading(): Promise<boolean> {
    if (lock !== null && !(await lock.verify())) {
      log.warn("The chain follower lost its database lock; another process may take over");
      await lock.release();
      lock = null;
    }
    if (lock === null) {
      lock = await lead();
      if (lock !== null) log.info("This process now follows the chain");
    }
    return lock !== null;
  }

  async function pass(): Promise<PassReport | null> {
    if (stopped || !(await leading())) return null;
    if (mining !== null && mining.blockMs > 0 && Date.now() - lastBlockAt >= mining.blockMs) {
      await mining.mine();
      lastBlockAt = Date.now();
    }
    // Every balance against its transfers on the first pass and every TRANSFERS_SCAN_PASSES after.
    const report = await runPass(ctx, { ...passOptions, transfers: passes % TRANSFERS_SCAN_PASSES === 0 });
    passes += 1;
    if (report.solvency.pauseStarted) {
      const problems = report.solvency.problems.map((problem) => problem.message).join(" ");
      log.error(`The solvency watchdog paused payouts: ${problems}`);
    }
    if (report.payOut.outcome === "short") {
      log.warn(
        `${report.payOut.queued} withdrawals wait: the hot wallet's confirmed coins do not cover them`,
      );
    }
    logVault(log, report);
    if (report.payOut.outcome === "paid" && report.payOut.broadcast.outcome !== "broadcast") {
      log.warn(
        `Payout ${report.payOut.txid}: ${report.payOut.broadcast.outcome}, ${report.payOut.broadcast.reason}`,
      );
    }
    return report;
  }

  function enqueue(): Promise<PassReport | null> {
    const next = queue.then(pass);
    queue = next.catch(() => undefined);
    return next;
  }

  async function tick() {
    try {
      await enqueue();
    } catch (error) {
      if (error instanceof ChainBackendError) {
        log.warn(
          { failure: error.failure },
          `The chain backend (${ctx.chain.name}) failed: ${error.message}`,
        );
      } else {
        log.error({ err: error }, "The chain follower failed; it tries again at the next pass");
      }
    }
    if (!stopped) timer = setTimeout(tick, pollMs);
  }

  timer = setTimeout(tick, 0);

  return {
    syncNow: enqueue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
      if (lock !== null) await lock.release();
      lock = null;
    },
  };
}
