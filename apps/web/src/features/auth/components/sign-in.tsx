import type { LoginChallenge, SessionUser } from "@satsbank/shared";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { NEXT_PARAM } from "@/lib/next-path";
import { notify } from "@/lib/notify";
import { landingPathFor } from "../lib/landing-path";
import { SignInCodeForm } from "./sign-in-code-form";
import { SignInCredentialsForm } from "./sign-in-credentials-form";

type Step = { name: "credentials"; notice?: string } | { name: "code"; challenge: LoginChallenge };

/**
 * The two-step sign-in: password, then the 6-digit code. Success lands on the page first asked for
 * (`?next=`) or the person's home page. A signed-in visitor may still open this screen (no redirect).
 */
export function SignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [step, setStep] = useState<Step>({ name: "credentials" });

  function signedIn(user: SessionUser) {
    notify.success("Login successful");
    navigate(landingPathFor(user, searchParams.get(NEXT_PARAM)), { replace: true });
  }

  if (step.name === "code") {
    return (
      <SignInCodeForm
        challenge={step.challenge}
        onSignedIn={signedIn}
        onBack={(notice) => setStep({ name: "credentials", notice })}
      />
    );
  }
  return (
    <SignInCredentialsForm
      defaultEmail={email}
      notice={step.notice}
      onChallenge={(challenge, typedEmail) => {
        setEmail(typedEmail);
        setStep({ name: "code", challenge });
      }}
    />
  );
}
