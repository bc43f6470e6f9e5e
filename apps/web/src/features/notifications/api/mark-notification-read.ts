import { apiPaths, type Notification, notificationResponseSchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { markReadInCache } from "../lib/read-in-cache";

/** `POST /api/notifications/:notificationId/read`: opening a notification marks it read. */
export async function markNotificationRead(notificationId: string): Promise<Notification> {
  const { notification } = await api.post(
    apiPaths.notifications.read(notificationId),
    {},
    notificationResponseSchema,
  );
  return notification;
}

/** Shows it read at once (list and badge), then asks the server for the truth. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (notificationId) => markReadInCache(queryClient, { id: notificationId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
