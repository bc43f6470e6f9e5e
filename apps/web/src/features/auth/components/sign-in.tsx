import type { LoginChallenge, SessionUser } from "@satsbank/shared";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { NEXT_PARAM, REASON_PARAM } from "@/lib/next-path";
import { notify } from "@/lib/notify";
import { landingPathFor } from "../lib/landing-path";
import { AccountInactiveNotice } from "./account-inactive-notice";
import { SignInCredentialsForm } from "./sign-in-credentials-form";

// The code step (and its six-slot input) loads once the password is accepted, not with the sign-in page.
const SignInCodeForm = lazy(() => import("./sign-in-code-form").then((m) => ({ default: m.SignInCodeForm })));

type Step = { name: "credentials"; notice?: ReactNode } | { name: "code"; challenge: LoginChallenge };

/**
 * The two-step sign-in: password, then the 6-digit code; or a passkey alone (the button, or the email
 * field's autofill), which is both factors. Success lands on the page first asked for
 * (`?next=`) or the person's home page. A signed-in visitor may still open this screen (no redirect). A
 * session the server ended because the account was deactivated arrives with `?reason=accountInactive`:
 * sign-in says so, with the way to contact the bank.
 */
export function SignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [step, setStep] = useState<Step>(() => ({
    name: "credentials",
    notice: searchParams.get(REASON_PARAM) === "accountInactive" ? <AccountInactiveNotice /> : undefined,
  }));

  function signedIn(user: SessionUser) {
    notify.success("Login successful");
    navigate(landingPathFor(user, searchParams.get(NEXT_PARAM)), { replace: true });
  }

  if (step.name === "code") {
    return (
      <Suspense fallback={<Spinner />}>
        <SignInCodeForm
          challenge={step.challenge}
          onSignedIn={signedIn}
          onBack={(notice) => setStep({ name: "credentials", notice })}
        />
      </Suspense>
    );
  }
  return (
    <SignInCredentialsForm
      defaultEmail={email}
      notice={step.notice}
      onSignedIn={signedIn}
      onChallenge={(challenge, typedEmail) => {
        setEmail(typedEmail);
        setStep({ name: "code", challenge });
      }}
    />
  );
}
