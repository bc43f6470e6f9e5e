import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AdminSupportRequest,
  SUPPORT_REPLY_MAX_LENGTH,
  type SupportReplyBody,
  supportReplyBodySchema,
} from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useReplySupportRequest } from "../api/reply-support-request";

/** A reply to a support request: mailed to the customer and shown in their notifications by the server. */
export function SupportReplyForm({ request }: { request: AdminSupportRequest }) {
  const reply = useReplySupportRequest();
  const form = useForm<SupportReplyBody>({
    resolver: zodResolver(supportReplyBodySchema),
    defaultValues: { message: "" },
  });
  const alert = useFormAlert(form.setError, ["message"]);

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    // Not mutate's callbacks: an answered request leaves the Open list when it is asked again, and React
    // Query skips the callbacks of a form that unmounted first. mutateAsync's promise settles regardless.
    return reply.mutateAsync({ requestId: request.id, message: values.message }).then(
      () => {
        notify.success("Reply sent", `Mailed to ${request.email} and shown in their notifications.`);
        form.reset();
      },
      (error: unknown) => {
        alert.show(error);
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-3">
      <FormAlert>{alert.text}</FormAlert>
      <FormField
        label="Reply"
        hint={`Mailed to ${request.email} and shown in their notifications.`}
        error={form.formState.errors.message?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            required
            rows={4}
            maxLength={SUPPORT_REPLY_MAX_LENGTH}
            className="min-h-0"
            {...form.register("message")}
          />
        )}
      </FormField>
      <div>
        <SubmitButton size="sm" busy={reply.isPending} busyLabel="Sending...">
          Send reply
        </SubmitButton>
      </div>
    </form>
  );
}
