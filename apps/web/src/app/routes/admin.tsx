import { TwoFactorEnrolButton } from "@/features/account/components/two-factor-enrol-button";
import { AdminDashboard } from "@/features/admin/components/admin-dashboard";

/**
 * Screen: the staff dashboard. Everything under features/admin loads with this route's chunk only. The
 * authenticator enrolment is the account feature's, composed here (features do not import each other).
 */
export function AdminScreen() {
  return (
    <AdminDashboard renderEnrolment={(onEnrolled) => <TwoFactorEnrolButton onEnrolled={onEnrolled} />} />
  );
}
