import { format } from "date-fns";

/** "Apr 17, 2025 14:05": the specification's admin format 'MMM dd, yyyy HH:mm', in the browser's time zone. */
export function adminTimeText(timestamp: string): string {
  return format(new Date(timestamp), "MMM dd, yyyy HH:mm");
}

/** "Jan 02, 2025": a day (Join Date), in the same style. */
export function adminDateText(timestamp: string): string {
  return format(new Date(timestamp), "MMM dd, yyyy");
}
