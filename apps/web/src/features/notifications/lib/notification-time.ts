import { format } from "date-fns";

/** "Apr 17, 2025 14:05", in the browser's time zone (as the history shows times). */
export function notificationTimeText(createdAt: string): string {
  return format(new Date(createdAt), "MMM d, yyyy HH:mm");
}
