import { offsetMinutes } from "./local-time.js";

// A statement's month as two instants: its first moment in the customer's time zone, and the next month's.
// Pure, no I/O.

/** The zone's offset from UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  return offsetMinutes(timeZone, instant) * 60_000;
}

/**
 * The first instant of a month (its first day) in `timeZone`: midnight there, or, where the clocks skip midnight (a change to
 * summer time at 00:00, as in Santiago or Havana), the first wall-clock time that exists that day.
 */
function monthStart(year: number, monthIndex: number, timeZone: string): Date {
  const midnightAsUtc = Date.UTC(year, monthIndex, 1);
  // The offset 14 hours either side may differ from midnight's (a change that day): each gives a candidate;
  // the day starts at the earliest that reads as that day there. Where the clocks skip midnight, the
  // candidate of the later offset reads 01:00, the first time the day has.
  const candidates = [-14, 0, 14].map(
    (hours) => midnightAsUtc - zoneOffsetMs(midnightAsUtc + hours * 3_600_000, timeZone),
  );
  const onTheDay = candidates.filter((instant) => {
    const wall = instant + zoneOffsetMs(instant, timeZone);
    return wall >= midnightAsUtc && wall < midnightAsUtc + 86_400_000;
  });
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : midnightAsUtc);
}

export type MonthBounds = { from: Date; to: Date };

/** "2026-10" in `timeZone` (an IANA name, checked before): [its first instant, the next month's first). */
export function monthBounds(month: string, timeZone: string): MonthBounds {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return {
    from: monthStart(year, monthNumber - 1, timeZone),
    to: monthStart(year, monthNumber, timeZone),
  };
}
