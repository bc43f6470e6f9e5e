/** The time, injected: use cases ask the clock instead of `new Date()`, so tests can move it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
