// A monthly statement's month ("2026-10"), as the pickers and the statement's title write it.

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** The month before `now`'s, on the browser's calendar: the last complete month, a statement's default. */
export function lastCompleteMonth(now: Date = new Date()): string {
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${String(previous.getFullYear()).padStart(4, "0")}-${twoDigits(previous.getMonth() + 1)}`;
}

/** `now`'s month on the browser's calendar: the latest a statement can be asked for. */
export function currentMonth(now: Date = new Date()): string {
  return `${String(now.getFullYear()).padStart(4, "0")}-${twoDigits(now.getMonth() + 1)}`;
}

/** "2026-10" -> "October 2026". */
export function monthTitle(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTH_NAMES[Number(number) - 1] ?? ""} ${year}`;
}

/** The browser's time zone ("Europe/Paris"): statements cut months at its midnight. UTC if it has none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
