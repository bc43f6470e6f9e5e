// A moment as a clock in a given time zone shows it, with that zone's offset: pure, no I/O.

/** Intl's formatters are slow to build and an export writes one date a row: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "+01:00", "-04:00", "+05:45", "+00:00". */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The wall-clock date and time in `timeZone` (an IANA name the runtime knows: timeZoneSchema checks it)
 * and the zone's offset at that moment, to the second: ["2030-01-15", "13:00:00", "+01:00"]. The offset is
 * the difference between the wall clock read as UTC and the moment itself, so it follows daylight saving.
 */
function localParts(date: Date, timeZone: string): [string, string, string] {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) parts[type] = value;
  const [year, month, day, hour, minute, second] = [
    parts.year,
    parts.month,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  ].map(Number) as [number, number, number, number, number, number];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((wallClock - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  return [
    `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    `${pad(hour)}:${pad(minute)}:${pad(second)}`,
    offsetText(offsetMinutes),
  ];
}

/** "2030-01-15 13:00:00+01:00": how the CSV writes a date and time (spreadsheets read it as one). */
export function localDateTimeText(date: Date, timeZone: string): string {
  const [day, time, offset] = localParts(date, timeZone);
  return `${day} ${time}${offset}`;
}

/** "2030-01-15T13:00:00+01:00": the same moment as ISO 8601 (the JSON export's). */
export function localDateTimeIso(date: Date, timeZone: string): string {
  const [day, time, offset] = localParts(date, timeZone);
  return `${day}T${time}${offset}`;
}
