import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: profile: security. A placeholder until its issue builds it. */
export function ProfileSecurityScreen() {
  return (
    <>
      <PageHeader title="Security Settings" />
      <NotBuiltNotice />
    </>
  );
}
