import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangePasswordBody, changePasswordBodySchema } from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormFooter } from "@/components/form-footer";
import { NewPasswordFields } from "@/components/new-password-fields";
import { PasswordField } from "@/components/password-field";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useChangePassword } from "../api/change-password";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export interface ChangePasswordFormProps {
  onCancel: () => void;
  onChanged: () => void;
}

/** Current, new and confirmed password, all masked. A wrong current password shows on its field. */
export function ChangePasswordForm({ onCancel, onChanged }: ChangePasswordFormProps) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const alert = useFormAlert(form.setError, FIELDS);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    changePassword.mutate(values, {
      onSuccess: () => {
        notify.success("Password changed successfully", "Your password has been updated");
        form.reset();
        onChanged();
      },
      onError: (error) => {
        alert.show(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
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
