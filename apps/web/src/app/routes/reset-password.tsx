import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/lib/paths";

/** Screen: password reset (the specification's link target, which had no screen). A placeholder until its issue builds it. */
export function ResetPasswordScreen() {
  return (
    <>
      <PageHeader title="Reset your password" backTo={paths.auth.login} />
      <NotBuiltNotice />
    </>
  );
}
