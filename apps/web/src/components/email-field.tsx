import type { ComponentProps, ReactNode } from "react";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";

export interface EmailFieldProps extends Omit<ComponentProps<"input">, "type" | "id" | "inputMode"> {
  label?: ReactNode;
  error?: string;
  hint?: ReactNode;
  /**
   * "username" where the email signs in (so a password manager pairs it with the password); "username
   * webauthn" where the browser may also offer the person's passkeys in its autofill (sign-in).
   */
  autoComplete?: "email" | "username" | "username webauthn";
}

/** A labelled email field with the email keyboard. Spread `form.register(name)` into it. */
export function EmailField({
  label = "Email",
  error,
  hint,
  className,
  autoComplete = "email",
  ...input
}: EmailFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <Input {...control} type="email" inputMode="email" autoComplete={autoComplete} {...input} />
      )}
    </FormField>
  );
}
