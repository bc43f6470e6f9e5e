import { z } from "zod";

/** At most a day per step: enough to pass any code window or expiry, small enough to stay readable. */
export const DEV_CLOCK_MAX_ADVANCE_MS = 24 * 60 * 60 * 1000;

/** `POST /api/dev/clock` (tests only, TEST_CLOCK=manual): move the server's time forward. */
export const devClockAdvanceBodySchema = z.object({
  advanceMs: z.int().min(1).max(DEV_CLOCK_MAX_ADVANCE_MS),
});
export type DevClockAdvanceBody = z.infer<typeof devClockAdvanceBodySchema>;

/** The server's time, after any advance. */
export const devClockResponseSchema = z.object({ now: z.iso.datetime() });
export type DevClockResponse = z.infer<typeof devClockResponseSchema>;
