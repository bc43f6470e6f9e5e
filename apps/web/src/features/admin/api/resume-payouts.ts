import { apiPaths, type ResumePayoutsBody, type Solvency, solvencySchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * `POST /api/admin/solvency/resume`: payouts run again while the watchdog's current problems stand, with
 * the reason staff give (kept in the audit log). A 409 when payouts are not paused (any more).
 */
export function resumePayouts(body: ResumePayoutsBody): Promise<Solvency> {
  return api.post(apiPaths.admin.solvencyResume, body, solvencySchema);
}

export function useResumePayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumePayouts,
    // Refused too: someone else resumed, or the checks held meanwhile; the books say how it stands now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.books }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
