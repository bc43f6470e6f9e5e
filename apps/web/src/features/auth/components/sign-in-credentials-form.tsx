import { type LoginChallenge, loginBodySchema, type SessionUser } from "@satsbank/shared";
import { KeyRound } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { EmailField } from "@/components/email-field";
import { FormAlert } from "@/components/form-alert";
import { PasswordField } from "@/components/password-field";
import { SubmitButton } from "@/components/submit-button";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { isApiError } from "@/lib/api-client";
import { errorMessage, fieldMessages } from "@/lib/form-errors";
import { isPasskeyCancelled, passkeyErrorText } from "@/lib/passkey";
import { paths } from "@/lib/paths";
import { useLogin } from "../api/login";
import { usePasskeySignIn } from "../lib/use-passkey-sign-in";
import { AccountInactiveNotice } from "./account-inactive-notice";
import { AuthSwitch } from "./auth-switch";

type LoginInput = z.input<typeof loginBodySchema>;
type Field = "email" | "password";
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ["email", "password"];

function valuesOf(form: HTMLFormElement): LoginInput {
  const data = new FormData(form);
  return {
    email: String(data.get("email") ?? ""),
    password: String(data.get("password") ?? ""),
    remember: data.get("remember") !== null,
  };
}

/** The first message of the shared schema for each field, as every other form shows them. */
function validate(values: LoginInput) {
  const parsed = loginBodySchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { values: undefined, errors };
}

export interface SignInCredentialsFormProps {
  /** The email typed before going to step 2 and back. */
  defaultEmail: string;
  /** A message carried back from step 2 (the code challenge ended), or why the session ended. */
  notice?: ReactNode;
  onChallenge: (challenge: LoginChallenge, email: string) => void;
  /** Signed in with a passkey (no second step): as after the code step. */
  onSignedIn: (user: SessionUser) => void;
}

/** A refusal as the form says it: a deactivated account with the way to contact the bank. */
function refusalNotice(error: unknown): ReactNode {
  if (isApiError(error) && error.reason === "accountInactive")
    return <AccountInactiveNotice text={error.message} />;
  return errorMessage(error);
}

/**
 * Sign-in, step 1: email, password, remember me. The server's one generic message shows in an alert.
 *
 * The one form without react-hook-form: sign-in is the screen most first loads show, and its three
 * fields do not need the library's 12 KB (issue 8's first-load budget). It behaves as the others do:
 * the shared schema's messages on submit, focus on the first wrong field, messages re-checked as the
 * person types once they have tried to submit.
 */
export function SignInCredentialsForm({
  defaultEmail,
  notice,
  onChallenge,
  onSignedIn,
}: SignInCredentialsFormProps) {
  const login = useLogin();
  const rememberId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const rememberRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState(notice);
  const passkey = usePasskeySignIn({
    remember: () => rememberRef.current?.checked ?? false,
    onSignedIn,
    onError: (error) =>
      setMessage(
        isPasskeyCancelled(error)
          ? `${passkeyErrorText(error)}. Try again, or sign in with your password.`
          : isApiError(error)
            ? refusalNotice(error)
            : passkeyErrorText(error),
      ),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    // Back from step 2 with the email kept: the password is what is left to type.
    if (defaultEmail) passwordRef.current?.focus();
  }, [defaultEmail]);

  function showErrors(form: HTMLFormElement, found: FieldErrors) {
    setErrors(found);
    const first = FIELDS.find((name) => found[name] !== undefined);
    const control = first && form.elements.namedItem(first);
    if (control instanceof HTMLInputElement) control.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const checked = validate(valuesOf(form));
    if (checked.values === undefined) return showErrors(form, checked.errors);
    const values = checked.values;
    setErrors({});
    setMessage(undefined);
    login.mutate(values, {
      onSuccess: (challenge) => onChallenge(challenge, values.email),
      onError: (error) => {
        const fromServer = fieldMessages(error, FIELDS);
        if (Object.keys(fromServer).length > 0) showErrors(form, fromServer);
        else setMessage(refusalNotice(error));
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onChange={(event) => {
        if (submitted) setErrors(validate(valuesOf(event.currentTarget)).errors);
      }}
      className="flex flex-col gap-5"
    >
      <FormAlert>{message}</FormAlert>
      {/* "webauthn": the browser may offer the person's passkeys in this field's autofill. */}
      <EmailField
        name="email"
        defaultValue={defaultEmail}
        error={errors.email}
        autoComplete="username webauthn"
      />
      <PasswordField
        ref={passwordRef}
        name="password"
        label="Password"
        error={errors.password}
        autoComplete="current-password"
      />
      <div className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <Checkbox ref={rememberRef} id={rememberId} name="remember" />
          <Label htmlFor={rememberId}>Remember me</Label>
        </div>
        <Button asChild variant="link">
          <Link to={paths.auth.resetPassword}>Forgot password</Link>
        </Button>
      </div>
      <SubmitButton size="lg" busy={login.isPending} busyLabel="Signing in..." disabled={passkey.busy}>
        Sign In
      </SubmitButton>
      {passkey.supported && (
        <Button
          variant="outline"
          size="lg"
          onClick={() => {
            setMessage(undefined);
            void passkey.start();
          }}
          disabled={passkey.busy || login.isPending}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          {passkey.phase === "device"
            ? "Waiting for your passkey..."
            : passkey.phase === "server"
              ? "Signing in..."
              : "Sign in with a passkey"}
        </Button>
      )}
      <AuthSwitch question="New to Bitcoin banking?" to={paths.auth.signup}>
        Create account
      </AuthSwitch>
      <AuthSwitch question="Can't sign in?" to={paths.contact}>
        Contact support
      </AuthSwitch>
    </form>
  );
}
