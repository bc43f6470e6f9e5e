import { apiPaths, type ResumePayoutsBody, type Solvency, solvencySchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { withPasskeyApproval } from "@/lib/passkey";
import { queryKeys } from "@/lib/query-keys";

/**
 * `POST /api/admin/solvency/resume`: payouts run again while the watchdog's current problems stand, with
 * the reason staff give (kept in the audit log). A 409 when payouts are not paused (any more). Staff with
 * a passkey confirm it on their device (step-up): the 403 PASSKEY_REQUIRED's challenge is signed and the
 * same body sent again with the approval.
 */
export function resumePayouts(
  body: ResumePayoutsBody,
  onApproving: (approving: boolean) => void = () => {},
): Promise<Solvency> {
  return withPasskeyApproval(
    (approval) =>
      api.post(apiPaths.admin.solvencyResume, approval ? { ...body, approval } : body, solvencySchema),
    onApproving,
  );
}

export function useResumePayouts(onApproving?: (approving: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResumePayoutsBody) => resumePayouts(body, onApproving),
    // Refused too: someone else resumed, or the checks held meanwhile; the books say how it stands now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.books }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
