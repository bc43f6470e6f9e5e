import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TwoFactorSetupBody,
  type TwoFactorSetupResponse,
  twoFactorSetupBodySchema,
} from "@satsbank/shared";
import type { UseMutationResult } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormFooter } from "@/components/form-footer";
import { PasswordField } from "@/components/password-field";
import { useFormAlert } from "@/lib/use-form-alert";

const FIELDS = ["currentPassword"] as const;

export interface TwoFactorPasswordFormProps<Result = TwoFactorSetupResponse> {
  /** The request the password opens: enrolment's setup, or a fresh proof's first step (Passkeys). */
  setup: UseMutationResult<Result, Error, TwoFactorSetupBody>;
  onCancel: () => void;
}

/**
 * The first step of enrolment: the current password, as changing the password asks it, so that a session
 * alone cannot bind an authenticator app to the account. A wrong one shows on its field.
 */
export function TwoFactorPasswordForm<Result>({ setup, onCancel }: TwoFactorPasswordFormProps<Result>) {
  const form = useForm<TwoFactorSetupBody>({
    resolver: zodResolver(twoFactorSetupBodySchema),
    defaultValues: { currentPassword: "" },
  });
  const alert = useFormAlert(form.setError, FIELDS);

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    setup.mutate(values, { onError: (error) => alert.show(error) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <PasswordField
        label="Current Password"
        error={form.formState.errors.currentPassword?.message}
        autoComplete="current-password"
        {...form.register("currentPassword")}
      />
      <FormFooter submitLabel="Continue" busyLabel="Checking..." busy={setup.isPending} onCancel={onCancel} />
    </form>
  );
}
