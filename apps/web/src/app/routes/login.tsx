import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: sign-in. A placeholder until its issue builds it. */
export function LoginScreen() {
  return (
    <>
      <PageHeader title="Welcome Back" />
      <NotBuiltNotice />
    </>
  );
}
