import {
  apiPaths,
  type NotificationSettings,
  type NotificationSettingsBody,
  notificationSettingsSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `PATCH /api/notifications/settings`: the switches that changed; answers all of them. */
export function updateNotificationSettings(body: NotificationSettingsBody): Promise<NotificationSettings> {
  return api.patch(apiPaths.notifications.settings, body, notificationSettingsSchema);
}

/**
 * The switches move at once; a refusal puts them back as they were. The server's answer is the truth
 * either way.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications.settings;
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData<NotificationSettings>(key, { ...before, ...body });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
