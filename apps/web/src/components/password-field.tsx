import type { ComponentProps, ReactNode } from "react";
import { FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";

export interface PasswordFieldProps extends Omit<ComponentProps<"input">, "type" | "id"> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** A password manager fills "current-password" and offers to generate a "new-password". */
  autoComplete: "current-password" | "new-password";
}

/**
 * A labelled password field with the show/hide toggle: every form's password goes through it. Spread
 * `form.register(name)` into it.
 */
export function PasswordField({ label, error, hint, className, ...input }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => <PasswordInput {...control} {...input} />}
    </FormField>
  );
}
