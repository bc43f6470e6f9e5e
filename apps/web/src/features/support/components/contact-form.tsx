import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ContactBody,
  contactBodySchema,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from "@satsbank/shared";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { EmailField } from "@/components/email-field";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { paths } from "@/lib/paths";
import { useFormAlert } from "@/lib/use-form-alert";
import { useSendContactMessage } from "../api/send-contact-message";

const FIELDS = ["name", "email", "subject", "message"] as const;

/**
 * The public contact form, for whoever cannot sign in (a deactivated account, a lost password and
 * authenticator) or has no account: name, email, subject and message. Staff answer by email; once sent,
 * the form gives way to the confirmation.
 */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactBody>({
    resolver: zodResolver(contactBodySchema),
    defaultValues: { name: "", email: "", subject: "", message: "" },
  });
  const alert = useFormAlert(form.setError, FIELDS);
  const { errors } = form.formState;
  // Registered here, in the fields' order: a refused submit focuses the first wrong field, and fields
  // registered inside FormField's render would come after the email's.
  const name = form.register("name");
  const email = form.register("email");
  const subject = form.register("subject");
  const message = form.register("message");

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    send.mutate(values, { onError: (error) => alert.show(error) });
  });

  if (send.data) {
    return (
      <div className="flex flex-col gap-5">
        <p role="status" className="flex items-start gap-2.5 rounded-xl border bg-accent px-3.5 py-3 text-sm">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
          <span>
            {send.data.message} <span className="break-all">Reference: {send.data.reference}</span>
          </span>
        </p>
        <Button asChild size="lg">
          <Link to={paths.auth.login}>Back to sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        Cannot sign in, or have a question before you open an account? Write to us: we answer by email.
      </p>
      <FormAlert>{alert.text}</FormAlert>
      <FormField label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...name} />}
      </FormField>
      <EmailField error={errors.email?.message} hint="We'll answer to this address." {...email} />
      <FormField label="Subject" error={errors.subject?.message}>
        {(control) => (
          <Input
            {...control}
            required
            maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
            autoComplete="off"
            {...subject}
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
            {...message}
          />
        )}
      </FormField>
      <SubmitButton size="lg" busy={send.isPending} busyLabel="Sending...">
        Send message
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        <Button asChild variant="link">
          <Link to={paths.auth.login}>Back to sign in</Link>
        </Button>
      </p>
    </form>
  );
}
