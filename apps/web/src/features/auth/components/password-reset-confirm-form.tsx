import { zodResolver } from "@hookform/resolvers/zod";
import { type PasswordResetConfirmBody, passwordResetConfirmBodySchema } from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { FormAlert } from "@/components/form-alert";
import { NewPasswordFields } from "@/components/new-password-fields";
import { SubmitButton } from "@/components/submit-button";
import { notify } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useFormAlert } from "@/lib/use-form-alert";
import { useConfirmPasswordReset } from "../api/confirm-password-reset";
import { AuthSwitch } from "./auth-switch";

/** "Set a new password" with the token from the mailed link; then sign in with it. */
export function PasswordResetConfirmForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useForm<PasswordResetConfirmBody>({
    resolver: zodResolver(passwordResetConfirmBodySchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const alert = useFormAlert(form.setError, ["password", "confirmPassword"]);

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    confirm.mutate(values, {
      onSuccess: () => {
        notify.success("Password updated", "Sign in with your new password.");
        navigate(paths.auth.login, { replace: true });
      },
      onError: (error) => {
        alert.show(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert>
        {alert.text && (
          <>
            {alert.text}{" "}
            <Link to={paths.auth.resetPassword} className="underline underline-offset-4">
              Request a new link
            </Link>
          </>
        )}
      </FormAlert>
      <NewPasswordFields
        form={form}
        names={{ password: "password", confirm: "confirmPassword" }}
        labels={{ password: "New password", confirm: "Confirm password" }}
      />
      <SubmitButton size="lg" busy={confirm.isPending} busyLabel="Updating...">
        Update password
      </SubmitButton>
      <AuthSwitch to={paths.auth.login}>Back to sign in</AuthSwitch>
    </form>
  );
}
