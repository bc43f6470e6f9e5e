import { zodResolver } from "@hookform/resolvers/zod";
import {
  CODE_LENGTH,
  type LoginChallenge,
  type SecondFactorMethod,
  type SessionUser,
  type TwoFactorCodeBody,
  twoFactorCodeBodySchema,
} from "@satsbank/shared";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { CodeField } from "@/components/code-field";
import { SubmitButton } from "@/components/submit-button";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";
import { useVerifyLogin } from "../api/verify-login";
import { ResendCodeButton } from "./resend-code-button";
import { SignInRecoveryForm } from "./sign-in-recovery-form";

const INSTRUCTIONS: Record<SecondFactorMethod, string> = {
  email: "We sent a 6-digit code to your email.",
  totp: "Enter the 6-digit code from your authenticator app.",
};

export interface SignInCodeFormProps {
  challenge: LoginChallenge;
  onSignedIn: (user: SessionUser) => void;
  /** "Back to login", or the challenge ended (expired, used up): step 1 again, with the server's message. */
  onBack: (message?: string) => void;
}

/**
 * Sign-in, step 2: the 6-digit code. "Verify & Login" waits for all six digits. An emailed code can be
 * sent again ("Resend code"); without the authenticator app, a recovery code signs in instead.
 */
export function SignInCodeForm({ challenge, onSignedIn, onBack }: SignInCodeFormProps) {
  const [recovery, setRecovery] = useState(false);
  if (recovery) {
    return (
      <SignInRecoveryForm
        challenge={challenge}
        onSignedIn={onSignedIn}
        onBack={onBack}
        onUseApp={() => setRecovery(false)}
      />
    );
  }
  return (
    <CodeStep
      challenge={challenge}
      onSignedIn={onSignedIn}
      onBack={onBack}
      onLostDevice={() => setRecovery(true)}
    />
  );
}

function CodeStep({
  challenge,
  onSignedIn,
  onBack,
  onLostDevice,
}: SignInCodeFormProps & { onLostDevice: () => void }) {
  const verify = useVerifyLogin();
  const descriptionId = useId();
  const form = useForm<TwoFactorCodeBody>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: "" },
    // Nothing to say while the code is typed; the button waits for six digits.
    reValidateMode: "onSubmit",
  });
  const code = form.watch("code");

  const onSubmit = form.handleSubmit(({ code }) => {
    verify.mutate(
      { challengeId: challenge.challengeId, code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (isApiError(error) && error.status === 401) {
            onBack(error.message);
            return;
          }
          const message = (isApiError(error) && error.fields.code) || errorMessage(error);
          form.setValue("code", "");
          form.setError("code", { type: "server", message }, { shouldFocus: true });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <h2 className="text-lg font-semibold">Two-step verification</h2>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {INSTRUCTIONS[challenge.method]}
        </p>
      </div>
      <CodeField form={form} describedBy={descriptionId} autoFocus />
      <SubmitButton
        size="lg"
        busy={verify.isPending}
        busyLabel="Verifying..."
        disabled={code.length !== CODE_LENGTH}
      >
        Verify & Login
      </SubmitButton>
      {challenge.method === "email" ? (
        <ResendCodeButton
          challengeId={challenge.challengeId}
          onExpired={onBack}
          onResent={() => {
            form.setValue("code", "");
            form.clearErrors("code");
          }}
        />
      ) : (
        <Button variant="link" className="h-11 self-center px-3" onClick={onLostDevice}>
          Lost your device? Use a recovery code
        </Button>
      )}
      <Button variant="link" className="h-11 self-center px-3" onClick={() => onBack()}>
        Back to login
      </Button>
    </form>
  );
}
