import type { FastifyBaseLogger } from "fastify";

export type ShutdownOptions = {
  log: FastifyBaseLogger;
  /** Run in order on the first SIGINT or SIGTERM: stop taking requests first, close the database last. */
  steps: Array<() => Promise<void>>;
  /** A stuck step (a hung request, a database that does not answer) must not keep the process alive. */
  timeoutMs?: number;
};

/** Graceful stop on SIGINT/SIGTERM; a second signal, or the timeout, forces the exit. */
export function handleShutdownSignals({ log, steps, timeoutMs = 10_000 }: ShutdownOptions): void {
  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, "Second signal: exiting now");
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, "Shutting down");
    const timer = setTimeout(() => {
      log.error(`Shutdown took longer than ${timeoutMs} ms: exiting now`);
      process.exit(1);
    }, timeoutMs);
    try {
      for (const step of steps) await step();
      clearTimeout(timer);
      log.info("Stopped");
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "Shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
