import { format } from "date-fns";

/** "Apr 17, 2025 14:05": the specification's login-history format, in the browser's own time zone. */
export function formatLoginTime(timestamp: string): string {
  return format(new Date(timestamp), "MMM d, yyyy HH:mm");
}
