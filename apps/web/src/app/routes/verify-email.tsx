import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { EmailVerification } from "@/features/auth/components/email-verification";

/** Screen: the target of the link sign-up mails (`?token=`); confirms the address and says the result. */
export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") || null;
  return (
    <>
      <PageHeader title="Verify your email" />
      <EmailVerification key={token} token={token} />
    </>
  );
}
