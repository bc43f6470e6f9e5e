/** One level of a logger: a message, or details (such as `{ err }`) and a message. */
export type LogFn = { (details: object, message: string): void; (message: string): void };

/**
 * What code outside HTTP logs with: Fastify's logger (pino) is one, so is a test's. Use cases, workers and
 * adapters take this, never a Fastify type.
 */
export type Log = { info: LogFn; warn: LogFn; error: LogFn };
