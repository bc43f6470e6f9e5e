import { zodResolver } from "@hookform/resolvers/zod";
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  type SupportRequestBody,
  supportMessages,
  supportRequestBodySchema,
} from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { EmailField } from "@/components/email-field";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useSubmitSupportRequest } from "../api/submit-support-request";

const FIELDS = ["subject", "message"] as const;

export interface ContactSupportFormProps {
  /** The account's email: where the answer goes. Shown, never sent (the server uses the account's). */
  email: string;
  onCancel: () => void;
  onSubmitted: () => void;
}

/** The Contact Support form: the email (fixed), a required Subject and a required Message. */
export function ContactSupportForm({ email, onCancel, onSubmitted }: ContactSupportFormProps) {
  const submit = useSubmitSupportRequest();
  const form = useForm<SupportRequestBody>({
    resolver: zodResolver(supportRequestBodySchema),
    defaultValues: { subject: "", message: "" },
  });
  const alert = useFormAlert(form.setError, FIELDS);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    submit.mutate(values, {
      onSuccess: () => {
        notify.success(supportMessages.submitted.title, supportMessages.submitted.text);
        form.reset();
        onSubmitted();
      },
      onError: (error) => {
        alert.show(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <EmailField label="Email" value={email} disabled readOnly hint="We'll answer to this address." />
      <FormField label="Subject" error={errors.subject?.message}>
        {(control) => (
          <Input
            {...control}
            required
            maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
            autoComplete="off"
            {...form.register("subject")}
          />
        )}
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...control}
            required
            rows={5}
            maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
            className="min-h-0"
            {...form.register("message")}
          />
        )}
      </FormField>
      <FormFooter
        submitLabel="Submit"
        busyLabel="Submitting..."
        busy={submit.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
