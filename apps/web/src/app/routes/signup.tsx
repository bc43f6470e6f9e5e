import { PageHeader } from "@/components/layout/page-header";
import { SignUpForm } from "@/features/auth/components/sign-up-form";

/** Screen: sign-up. */
export function SignupScreen() {
  return (
    <>
      <PageHeader title="Create your account" description="Start banking with Bitcoin in minutes" />
      <SignUpForm />
    </>
  );
}
