import type { FreshProof, SecondFactorMethod } from "@satsbank/shared";
import { KeyRound } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { isPasskeyCancelled, passkeyErrorText } from "@/lib/passkey";
import { useProveWithPasskey, useReauthenticate, useVerifyReauthentication } from "../api/reauthenticate";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { TwoFactorPasswordForm } from "./two-factor-password-form";

const INSTRUCTIONS: Record<SecondFactorMethod, string> = {
  email: "We sent a 6-digit code to your email.",
  totp: "Enter the 6-digit code from your authenticator app.",
};

export interface ConfirmIdentityProps {
  /** The person has a passkey and the browser can use it: offered first. */
  canUsePasskey: boolean;
  onProved: () => void;
  onCancel: () => void;
}

/**
 * "Confirm it's you": a fresh proof before a change to how the person signs in. One of their passkeys, or
 * the password then the second step (the emailed code, or the authenticator app's). Proved, the change that
 * asked runs again by itself.
 */
export function ConfirmIdentity({ canUsePasskey, onProved, onCancel }: ConfirmIdentityProps) {
  const password = useReauthenticate();
  const challenge = password.data;
  const box = useRef<HTMLDivElement>(null);
  const step = challenge ? "code" : "password";
  useEffect(() => {
    // Each step starts on its first control (the one that led here is hidden or gone).
    if (step) box.current?.querySelector<HTMLElement>("input, button")?.focus();
  }, [step]);
  return (
    <div ref={box} className="flex flex-col gap-4">
      {challenge ? (
        <CodeStep challengeId={challenge.challengeId} method={challenge.method} {...{ onProved, onCancel }} />
      ) : (
        <>
          {canUsePasskey && <PasskeyProof onProved={onProved} />}
          {canUsePasskey && (
            <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
              or use your password
            </p>
          )}
          <TwoFactorPasswordForm setup={password} onCancel={onCancel} />
        </>
      )}
    </div>
  );
}

/** "Use a passkey": the browser's dialog with one of the person's own passkeys. */
function PasskeyProof({ onProved }: { onProved: () => void }) {
  const prove = useProveWithPasskey();
  const error = prove.error;
  return (
    <div className="flex flex-col gap-2">
      <FormAlert>
        {error &&
          (isPasskeyCancelled(error)
            ? `${passkeyErrorText(error)}. Nothing was changed.`
            : passkeyErrorText(error))}
      </FormAlert>
      <Button onClick={() => prove.mutate(undefined, { onSuccess: onProved })} disabled={prove.isPending}>
        <KeyRound className="size-4" aria-hidden="true" />
        {prove.isPending ? "Waiting for your passkey..." : "Use a passkey"}
      </Button>
    </div>
  );
}

function CodeStep({
  challengeId,
  method,
  onProved,
  onCancel,
}: {
  challengeId: string;
  method: SecondFactorMethod;
  onProved: () => void;
  onCancel: () => void;
}) {
  const verify = useVerifyReauthentication();
  const instructionsId = useId();
  return (
    <div className="flex flex-col gap-3">
      <p id={instructionsId} className="text-sm">
        {INSTRUCTIONS[method]}
      </p>
      <TwoFactorCodeForm<FreshProof>
        submit={(code, handlers) => verify.mutate({ challengeId, ...code }, handlers)}
        pending={verify.isPending}
        submitLabel="Confirm"
        pendingLabel="Confirming..."
        onDone={onProved}
        onCancel={onCancel}
      />
    </div>
  );
}
