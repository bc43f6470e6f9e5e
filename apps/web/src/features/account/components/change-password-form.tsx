import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangePasswordBody, changePasswordBodySchema } from "@satsbank/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormFooter } from "@/components/form-footer";
import { NewPasswordFields } from "@/components/new-password-fields";
import { PasswordField } from "@/components/password-field";
import { applyFieldErrors, errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { useChangePassword } from "../api/change-password";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export interface ChangePasswordFormProps {
  onCancel: () => void;
  onChanged: () => void;
}

/** Current, new and confirmed password, all masked. A wrong current password shows on its field. */
export function ChangePasswordForm({ onCancel, onChanged }: ChangePasswordFormProps) {
  const changePassword = useChangePassword();
  const [alert, setAlert] = useState<string>();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    changePassword.mutate(values, {
      onSuccess: () => {
        notify.success("Password changed successfully", "Your password has been updated");
        form.reset();
        onChanged();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) setAlert(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert}</FormAlert>
      <PasswordField
        label="Current Password"
        error={errors.currentPassword?.message}
        autoComplete="current-password"
        {...form.register("currentPassword")}
      />
      <NewPasswordFields
        form={form}
        names={{ password: "newPassword", confirm: "confirmPassword" }}
        labels={{ password: "New Password", confirm: "Confirm New Password" }}
      />
      <FormFooter
        submitLabel="Change Password"
        busyLabel="Changing..."
        busy={changePassword.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
