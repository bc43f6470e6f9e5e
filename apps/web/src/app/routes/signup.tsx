import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: sign-up. A placeholder until its issue builds it. */
export function SignupScreen() {
  return (
    <>
      <PageHeader title="Create your account" />
      <NotBuiltNotice />
    </>
  );
}
