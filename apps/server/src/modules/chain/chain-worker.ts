import type { FastifyBaseLogger } from "fastify";
import { ChainBackendError } from "../../bitcoin/chain/chain-backend.js";
import type { SandboxNode } from "../../bitcoin/sandbox/sandbox-node.js";
import type { HeldLock } from "../../db/advisory-lock.js";
import type { ChainContext } from "./context.js";
import { type SyncReport, syncChain } from "./sync-chain.js";

export type ChainWorkerOptions = {
  ctx: ChainContext;
  /** Tries to become the one follower (an advisory lock); null while another process is. */
  lead: () => Promise<HeldLock | null>;
  pollMs: number;
  /** The sandbox node and how often it mines (0: only on demand), when the sandbox is the backend. */
  sandbox: { node: SandboxNode; blockMs: number } | null;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
};

export type ChainWorker = {
  /** Runs one pass now (after any pass under way), when this process leads; answers its report. */
  syncNow(): Promise<SyncReport | null>;
  stop(): Promise<void>;
};

/**
 * The background worker: one process at a time (the one holding the advisory lock) follows the chain
 * every `pollMs`, and on the sandbox mines a block every `blockMs`. Another process takes over when the
 * leader dies: its connection closes and the lock with it. A backend that is down or answers garbage
 * is logged and tried again at the next pass: deposits wait, nothing is lost or credited twice.
 */
export function startChainWorker({
  ctx: given,
  lead,
  pollMs,
  sandbox,
  log,
}: ChainWorkerOptions): ChainWorker {
  const ctx: ChainContext = { ...given, mempoolRead: given.mempoolRead ?? new Set() };
  let lock: HeldLock | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastBlockAt = Date.now();
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

  async function pass(): Promise<SyncReport | null> {
    if (stopped || !(await leading())) return null;
    if (sandbox !== null && sandbox.blockMs > 0 && Date.now() - lastBlockAt >= sandbox.blockMs) {
      await sandbox.node.mine(1);
      lastBlockAt = Date.now();
    }
    return syncChain(ctx);
  }

  function enqueue(): Promise<SyncReport | null> {
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
