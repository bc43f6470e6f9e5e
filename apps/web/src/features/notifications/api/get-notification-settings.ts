import { apiPaths, type NotificationSettings, notificationSettingsSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/notifications/settings`: the switches of Notification Settings (all off at first). */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get(apiPaths.notifications.settings, notificationSettingsSchema, { signal });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: queryKeys.notifications.settings,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}
