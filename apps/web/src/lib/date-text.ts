import { format } from "date-fns";

/**
 * "Apr 17, 2025 14:05": month, day, year and 24-hour time, in the browser's time zone. The specification's
 * login-history format, and how every customer screen writes a moment (history, notifications, prices).
 */
export function dateTimeText(timestamp: string): string {
  return format(new Date(timestamp), "MMM d, yyyy HH:mm");
}

/** "Apr 17, 2025": the day alone, in the same style (a KYC item's submission date). */
export function dateText(timestamp: string): string {
  return format(new Date(timestamp), "MMM d, yyyy");
}

/** "06:47": the time alone, 24-hour as everywhere else in the app (never "06:47 AM"). */
export function timeText(timestamp: string): string {
  return format(new Date(timestamp), "HH:mm");
}
