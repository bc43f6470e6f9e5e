import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: profile: help and support. A placeholder until its issue builds it. */
export function ProfileHelpScreen() {
  return (
    <>
      <PageHeader title="Help & Support" />
      <NotBuiltNotice />
    </>
  );
}
