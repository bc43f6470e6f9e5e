import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: profile: account details. A placeholder until its issue builds it. */
export function ProfileAccountScreen() {
  return (
    <>
      <PageHeader title="Account Details" />
      <NotBuiltNotice />
    </>
  );
}
