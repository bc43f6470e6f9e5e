import { PageHeader } from "@/components/layout/page-header";
import { SignIn } from "@/features/auth/components/sign-in";

/** Screen: sign-in (password, then the 6-digit code). */
export function LoginScreen() {
  return (
    <>
      <PageHeader title="Welcome Back" description="Sign in to your account" />
      <SignIn />
    </>
  );
}
