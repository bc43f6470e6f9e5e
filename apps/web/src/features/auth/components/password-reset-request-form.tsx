import { zodResolver } from "@hookform/resolvers/zod";
import { type PasswordResetRequestBody, passwordResetRequestBodySchema } from "@satsbank/shared";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { EmailField } from "@/components/email-field";
import { FormAlert } from "@/components/form-alert";
import { SubmitButton } from "@/components/submit-button";
import { paths } from "@/lib/paths";
import { useFormAlert } from "@/lib/use-form-alert";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { AuthSwitch } from "./auth-switch";

/**
 * Asks for a reset link. The answer is the server's one message whether or not the account exists, so
 * this screen cannot be used to find out who banks here.
 */
export function PasswordResetRequestForm() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(passwordResetRequestBodySchema),
    defaultValues: { email: "" },
  });
  const alert = useFormAlert(form.setError, ["email"]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    request.mutate(values, {
      onError: (error) => {
        alert.show(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        Enter the email address of your account and we will send you a link to set a new password.
      </p>
      <FormAlert>{alert.text}</FormAlert>
      <div role="status">
        {request.data && (
          <p className="flex items-start gap-2.5 rounded-xl border bg-accent px-3.5 py-3 text-sm">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
            <span>{request.data.message}</span>
          </p>
        )}
      </div>
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <SubmitButton size="lg" busy={request.isPending} busyLabel="Sending...">
        Send reset link
      </SubmitButton>
      <AuthSwitch question="Remembered it?" to={paths.auth.login}>
        Back to sign in
      </AuthSwitch>
    </form>
  );
}
