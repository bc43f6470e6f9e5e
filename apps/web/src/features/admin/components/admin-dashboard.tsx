import { ADMIN_DASHBOARD_TITLE } from "@satsbank/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { queryKeys } from "@/lib/query-keys";
import { useAdminMe } from "../api/get-admin-me";
import { useEnrolmentRefusal } from "../lib/use-enrolment-refusal";
import { AdminTabs } from "./admin-tabs";
import { EnrolTwoFactorRequired, TwoFactorWarning } from "./two-factor-notices";

export interface AdminDashboardProps {
  /**
   * The enrolment of an authenticator app, composed by the screen (it belongs to the account feature).
   * `onEnrolled` refreshes the dashboard once the app is confirmed.
   */
  renderEnrolment: (onEnrolled: () => void) => ReactNode;
}

/**
 * The staff dashboard: "Admin Dashboard", "Access Level: Super Admin" and the tabs. Production staff
 * without an authenticator app are asked to enrol one first; elsewhere the header only warns.
 */
export function AdminDashboard({ renderEnrolment }: AdminDashboardProps) {
  const me = useAdminMe();
  const refusal = useEnrolmentRefusal();
  const queryClient = useQueryClient();
  const { reset } = refusal;
  const onEnrolled = useCallback(() => {
    reset();
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [reset, queryClient]);

  const twoFactor = me.data?.twoFactor;
  const mustEnrol = refusal.refused || (twoFactor?.required === true && !twoFactor.enabled);

  let body: ReactNode;
  if (mustEnrol) body = <EnrolTwoFactorRequired>{renderEnrolment(onEnrolled)}</EnrolTwoFactorRequired>;
  else if (me.data) body = <AdminTabs />;
  else if (me.isError) {
    body = <LoadError message="The dashboard could not be loaded." onRetry={() => void me.refetch()} />;
  } else body = <Spinner label="Loading the dashboard" />;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <PageHeader
        title={ADMIN_DASHBOARD_TITLE}
        description={me.data ? `Access Level: ${me.data.accessLevel}` : undefined}
        className="mb-2"
      />
      {twoFactor && !twoFactor.enabled && !twoFactor.required && !mustEnrol && (
        <TwoFactorWarning>{renderEnrolment(onEnrolled)}</TwoFactorWarning>
      )}
      <div className="mt-4 min-w-0">{body}</div>
    </div>
  );
}
