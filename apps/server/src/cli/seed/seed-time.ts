import type { Clock } from "../../adapters/clock.js";

/** `daysAgo` days before `now`, at `time` (UTC): when a demo step is dated. */
export function at(now: Date, daysAgo: number, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
  return new Date(day.getTime() + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000);
}

/** A clock stopped at `when`: whatever a use case records with it is dated then. */
export const fixedClock = (when: Date): Clock => ({ now: () => when });
