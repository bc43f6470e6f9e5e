import { zodResolver } from "@hookform/resolvers/zod";
import {
  type LoginChallenge,
  type RecoveryLoginBody,
  recoveryLoginBodySchema,
  type SessionUser,
} from "@satsbank/shared";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { RecoveryCodeField } from "@/components/recovery-code-field";
import { SubmitButton } from "@/components/submit-button";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";
import { useVerifyRecoveryCode } from "../api/verify-recovery-code";

export interface SignInRecoveryFormProps {
  challenge: LoginChallenge;
  onSignedIn: (user: SessionUser) => void;
  /** The sign-in ended (expired, used up): step 1 again, with the server's message. */
  onBack: (message?: string) => void;
  /** Back to the authenticator app's code. */
  onUseApp: () => void;
}

/**
 * Sign-in, step 2, without the authenticator app ("Lost your device?"): one of the recovery codes shown
 * when two-factor authentication was turned on. Each works once; the customer is told when one is used.
 */
export function SignInRecoveryForm({ challenge, onSignedIn, onBack, onUseApp }: SignInRecoveryFormProps) {
  const verify = useVerifyRecoveryCode();
  const descriptionId = useId();
  const form = useForm<RecoveryLoginBody>({
    resolver: zodResolver(recoveryLoginBodySchema),
    defaultValues: { challengeId: challenge.challengeId, recoveryCode: "" },
  });

  const onSubmit = form.handleSubmit((values) => {
    verify.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (isApiError(error) && error.status === 401) {
          onBack(error.message);
          return;
        }
        const message = (isApiError(error) && error.fields.recoveryCode) || errorMessage(error);
        form.setError("recoveryCode", { type: "server", message }, { shouldFocus: true });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <h2 className="text-lg font-semibold">Use a recovery code</h2>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code
          works once.
        </p>
      </div>
      <RecoveryCodeField
        describedBy={descriptionId}
        error={form.formState.errors.recoveryCode?.message}
        autoFocus
        {...form.register("recoveryCode")}
      />
      <SubmitButton size="lg" busy={verify.isPending} busyLabel="Verifying...">
        Verify & Login
      </SubmitButton>
      <Button variant="link" className="h-11 self-center px-3" onClick={onUseApp}>
        Use my authenticator app instead
      </Button>
      <Button variant="link" className="h-11 self-center px-3" onClick={() => onBack()}>
        Back to login
      </Button>
    </form>
  );
}
