/** The time, injected: use cases ask the clock instead of `new Date()`, so tests can move it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * Tests only (TEST_CLOCK=manual): the system time plus whatever tests have added with `advance`. Time
 * keeps flowing, so everything that orders by time still works; a test skips a wait (a TOTP window, an
 * expiry) by moving the clock instead of sleeping.
 */
export class ManualClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  /** Moves the time forward (never back: expiries and one-time codes assume it only grows). */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("the clock only moves forward");
    this.offsetMs += ms;
    return this.now();
  }
}
