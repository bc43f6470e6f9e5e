// Written out by hand rather than with date-fns' `format`: these three patterns are all the customer
// screens need, and the library's formatter was 5 KB of the dashboard's first load (decision 0009).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "Apr 17, 2025": the day alone, in the same style (a KYC item's submission date). */
export function dateText(timestamp: string): string {
  const at = new Date(timestamp);
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${String(at.getFullYear()).padStart(4, "0")}`;
}

/** "06:47": the time alone, 24-hour as everywhere else in the app (never "06:47 AM"). */
export function timeText(timestamp: string): string {
  const at = new Date(timestamp);
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/**
 * "Apr 17, 2025 14:05": month, day, year and 24-hour time, in the browser's time zone. The specification's
 * login-history format, and how every customer screen writes a moment (history, notifications, prices).
 */
export function dateTimeText(timestamp: string): string {
  return `${dateText(timestamp)} ${timeText(timestamp)}`;
}
