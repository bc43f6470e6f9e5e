import { PageHeader } from "@/components/layout/page-header";
import { SecuritySettings } from "@/features/account/components/security-settings";
import { useMe } from "@/features/auth/api/get-me";

/** Screen: profile: security (password, two-factor authentication, login history). */
export function ProfileSecurityScreen() {
  const { data: user } = useMe();
  return (
    <>
      <PageHeader title="Security Settings" />
      {user && <SecuritySettings user={user} />}
    </>
  );
}
