import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: staff dashboard. A placeholder until its issue builds it. */
export function AdminScreen() {
  return (
    <>
      <PageHeader title="Admin Dashboard" />
      <NotBuiltNotice />
    </>
  );
}
