import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginChallenge, loginBodySchema } from "@satsbank/shared";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { EmailField } from "@/components/email-field";
import { FormAlert } from "@/components/form-alert";
import { PasswordField } from "@/components/password-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { applyFieldErrors, errorMessage } from "@/lib/form-errors";
import { paths } from "@/lib/paths";
import { useLogin } from "../api/login";

type LoginInput = z.input<typeof loginBodySchema>;
type LoginValues = z.output<typeof loginBodySchema>;

export interface SignInCredentialsFormProps {
  /** The email typed before going to step 2 and back. */
  defaultEmail: string;
  /** A message carried back from step 2 (the code challenge ended). */
  notice?: string;
  onChallenge: (challenge: LoginChallenge, email: string) => void;
}

/** Sign-in, step 1: email, password, remember me. The server's one generic message shows in an alert. */
export function SignInCredentialsForm({ defaultEmail, notice, onChallenge }: SignInCredentialsFormProps) {
  const login = useLogin();
  const rememberId = useId();
  const [message, setMessage] = useState(notice);
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: defaultEmail, password: "", remember: false },
  });
  const { errors } = form.formState;

  const { setFocus } = form;
  useEffect(() => {
    // Back from step 2 with the email kept: the password is what is left to type.
    if (defaultEmail) setFocus("password");
  }, [defaultEmail, setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    setMessage(undefined);
    login.mutate(values, {
      onSuccess: (challenge) => onChallenge(challenge, values.email),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ["email", "password"])) setMessage(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert>{message}</FormAlert>
      <EmailField error={errors.email?.message} autoComplete="username" {...form.register("email")} />
      <PasswordField
        label="Password"
        error={errors.password?.message}
        autoComplete="current-password"
        {...form.register("password")}
      />
      <div className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="remember"
            render={({ field }) => (
              <Checkbox
                id={rememberId}
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor={rememberId}>Remember me</Label>
        </div>
        <Button asChild variant="link">
          <Link to={paths.auth.resetPassword}>Forgot password</Link>
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        New to Bitcoin banking?{" "}
        <Button asChild variant="link">
          <Link to={paths.auth.signup}>Create account</Link>
        </Button>
      </p>
    </form>
  );
}
