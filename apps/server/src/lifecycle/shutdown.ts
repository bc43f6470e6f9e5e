import closeWithGrace from "close-with-grace";
import type { Log } from "../adapters/log.js";

export type ShutdownOptions = {
  log: Log;
  /** Run in order on the first signal: stop taking requests first, close the database last. */
  steps: Array<() => Promise<void>>;
  /** A stuck step (a hung request, a database that does not answer) must not keep the process alive. */
  timeoutMs?: number;
};

/**
 * Graceful stop on SIGINT, SIGTERM and the other termination signals, and on an uncaught error
 * (close-with-grace): the steps run once, in order; a second signal, or the timeout, forces the exit.
 */
export function handleShutdownSignals({ log, steps, timeoutMs = 10_000 }: ShutdownOptions): void {
  closeWithGrace(
    {
      delay: timeoutMs,
      logger: {
        error: (message: unknown) =>
          typeof message === "string" ? log.error(message) : log.error({ err: message }, "Shutdown failed"),
      },
      onSecondSignal: (signal) => log.warn({ signal }, "Second signal: exiting now"),
      onTimeout: (delay) => log.error(`Shutdown took longer than ${delay} ms: exiting now`),
    },
    async ({ signal, err }) => {
      if (err !== undefined) log.error({ err }, "Uncaught error: shutting down");
      else log.info({ signal }, "Shutting down");
      for (const step of steps) await step();
      log.info("Stopped");
    },
  );
}
