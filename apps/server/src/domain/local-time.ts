// A moment as a clock in a given time zone shows it, with that zone's offset: pure, no I/O.

const QUARTER_HOUR_MS = 15 * 60_000;
/** 1972-01-01: since then every zone's offset is whole minutes and changes only on a quarter hour (UTC). */
const QUARTER_HOURS_FROM = Date.UTC(1972, 0, 1);
const CACHED_QUARTERS = 50_000;

type Zone = { formatter: Intl.DateTimeFormat; offsets: Map<number, number> };

/**
 * Intl's formatters are slow to build and slow to ask (an export writes 100,000 dates): one per zone, and
 * the zone's offset kept per quarter hour, so most dates cost arithmetic only.
 */
const zones = new Map<string, Zone>();

function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    const formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    zone = { formatter, offsets: new Map() };
    zones.set(timeZone, zone);
  }
  return zone;
}

/**
 * The zone's offset from UTC at `ms`, in minutes: its wall clock there (Intl) read as if it were UTC, less
 * the moment itself (both to the whole second), so it follows daylight saving.
 */
function offsetFromIntl(formatter: Intl.DateTimeFormat, ms: number): number {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(ms)) parts[type] = value;
  const wallClock = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wallClock - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The zone's offset from UTC at the moment `ms`, in minutes (daylight saving followed). */
export function offsetMinutes(timeZone: string, ms: number): number {
  const { formatter, offsets } = zoneOf(timeZone);
  if (ms < QUARTER_HOURS_FROM) return offsetFromIntl(formatter, ms);
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    offset = offsetFromIntl(formatter, quarter * QUARTER_HOUR_MS);
    if (offsets.size >= CACHED_QUARTERS) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "+01:00", "-04:00", "+05:45", "+00:00". */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * "2030-01-15T13:00:00+01:00": the wall-clock date and time in `timeZone` (an IANA name the runtime knows:
 * timeZoneSchema checks it), to the second, with the zone's offset at that moment: ISO 8601, the JSON
 * export's.
 */
export function localDateTimeIso(date: Date, timeZone: string): string {
  const offset = offsetMinutes(timeZone, date.getTime());
  const local = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset * 60_000);
  return `${local.toISOString().slice(0, 19)}${offsetText(offset)}`;
}

/** "2030-01-15 13:00:00+01:00": an ISO date and time as the CSV writes it (spreadsheets read it as one). */
export function csvDateTime(iso: string): string {
  return iso.replace("T", " ");
}

/** "2030-01-15 13:00:00+01:00": localDateTimeIso's moment as the CSV writes it. */
export function localDateTimeText(date: Date, timeZone: string): string {
  return csvDateTime(localDateTimeIso(date, timeZone));
}
