import { apiPaths, unreadCountSchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { markReadInCache } from "../lib/read-in-cache";

/** `POST /api/notifications/read-all`: "Mark all as read". */
export async function markAllNotificationsRead(): Promise<number> {
  const { unreadCount } = await api.post(apiPaths.notifications.readAll, {}, unreadCountSchema);
  return unreadCount;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInCache(queryClient, "all"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
