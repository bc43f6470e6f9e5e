import type { ReactNode } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { PasswordField } from "@/components/password-field";

export interface NewPasswordFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The form's field names for the new password and its confirmation. */
  names: { password: FieldPath<T>; confirm: FieldPath<T> };
  labels: { password: ReactNode; confirm: ReactNode };
}

/**
 * A new password and its confirmation, the pair that sign-up, the password reset and the password change
 * ask for: both with the show/hide toggle and offered to the password manager as a new password.
 */
export function NewPasswordFields<T extends FieldValues>({ form, names, labels }: NewPasswordFieldsProps<T>) {
  const errorOf = (name: FieldPath<T>) => form.getFieldState(name, form.formState).error?.message;
  return (
    <>
      <PasswordField
        label={labels.password}
        error={errorOf(names.password)}
        autoComplete="new-password"
        {...form.register(names.password)}
      />
      <PasswordField
        label={labels.confirm}
        error={errorOf(names.confirm)}
        autoComplete="new-password"
        {...form.register(names.confirm)}
      />
    </>
  );
}
