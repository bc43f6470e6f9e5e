import { PageHeader } from "@/components/layout/page-header";
import { AccountDetails } from "@/features/account/components/account-details";
import { useMe } from "@/features/auth/api/get-me";

/** Screen: profile: account details (Edit changes the name and phone; the email stays). */
export function ProfileAccountScreen() {
  const { data: user } = useMe();
  return (
    <>
      <PageHeader title="Account Details" />
      {/* RequireAuth renders this only with a user; the check covers the moment of logging out. */}
      {user && <AccountDetails user={user} />}
    </>
  );
}
