import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { PasswordResetConfirmForm } from "@/features/auth/components/password-reset-confirm-form";
import { PasswordResetRequestForm } from "@/features/auth/components/password-reset-request-form";
import { paths } from "@/lib/paths";

/**
 * Screen: password reset, the target of "Forgot password" (the specification's link fell to the 404
 * page). Without `?token=` it asks for a link by email; with the mailed token it sets the new password.
 */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  if (token) {
    return (
      <>
        <PageHeader title="Set a new password" backTo={paths.auth.login} />
        <PasswordResetConfirmForm key={token} token={token} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Reset your password" backTo={paths.auth.login} />
      <PasswordResetRequestForm />
    </>
  );
}
