import { zodResolver } from "@hookform/resolvers/zod";
import {
  passkeyMessages,
  type ResumePayoutsBody,
  resumePayoutsBodySchema,
  STATUS_REASON_MAX_LENGTH,
} from "@satsbank/shared";
import { type ReactElement, type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import type { ButtonProps } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { isPasskeyCancelled, passkeyErrorText } from "@/lib/passkey";
import { useFormAlert } from "@/lib/use-form-alert";

// Every staff action that takes only a reason sends the same body (`{ reason }`, staffReasonSchema): the
// resume's schema stands for them all.
const reasonBodySchema = resumePayoutsBodySchema;

export interface ReasonFormProps {
  /** The submit button's words ("Resume payouts") and while its request runs ("Resuming..."). */
  submitLabel: string;
  busyLabel: string;
  submitVariant?: ButtonProps["variant"];
  /** The other button's words: "Cancel" by default. */
  cancelLabel?: string;
  /** Under the reason: who reads it ("The customer reads it."). */
  hint?: string;
  /** Sends the reason; resolves once done (the dialog closes), rejects with the server's refusal. */
  send: (reason: string) => Promise<unknown>;
  /** Said once done (a toast). */
  onDone: () => void;
  /**
   * A refusal because the thing moved on meanwhile (409, 404: decided by someone else, no longer waiting):
   * nothing to retry, so the dialog closes and this toast's title says it with the server's words. Other
   * refusals stay in the form's alert.
   */
  refusedTitle: string;
  /**
   * The browser's passkey dialog is open (a step-up: the action needs the staff member's passkey): the
   * form says so, and its submit button waits for the device.
   */
  approving?: boolean;
}

export interface ReasonDialogProps extends ReasonFormProps {
  /** The button that opens it. */
  trigger: ReactElement;
  title: string;
  /** What the action does, and that the reason is kept in the audit log. */
  description: ReactNode;
}

/**
 * A staff action that needs a reason (required here and on the server, kept in the audit log): a dialog
 * saying what the action does, the reason, and the action's button.
 */
export function ReasonDialog({ trigger, title, description, ...form }: ReasonDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog, so every opening starts with an empty reason. */}
        {open && <ReasonForm {...form} onClose={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({
  submitLabel,
  busyLabel,
  submitVariant,
  cancelLabel,
  hint,
  send,
  onDone,
  refusedTitle,
  approving = false,
  onClose,
}: ReasonFormProps & { onClose: () => void }) {
  const form = useForm<ResumePayoutsBody>({
    resolver: zodResolver(reasonBodySchema),
    defaultValues: { reason: "" },
  });
  const alert = useFormAlert(form.setError, ["reason"]);

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    return send(values.reason).then(
      () => {
        onClose();
        onDone();
      },
      (error: unknown) => {
        if (isApiError(error) && (error.code === "CONFLICT" || error.code === "NOT_FOUND")) {
          onClose();
          notify.error(refusedTitle, errorMessage(error));
        } else if (isApiError(error)) alert.show(error);
        // The passkey's dialog closed or failed: nothing was done, the reason stays to try again.
        else
          alert.say(
            isPasskeyCancelled(error)
              ? `${passkeyErrorText(error)}. Nothing was done.`
              : passkeyErrorText(error),
          );
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <FormField label="Reason" hint={hint} error={form.formState.errors.reason?.message}>
        {(control) => (
          <Textarea
            {...control}
            required
            rows={3}
            maxLength={STATUS_REASON_MAX_LENGTH}
            className="min-h-0"
            {...form.register("reason")}
          />
        )}
      </FormField>
      <p role="status" className="text-sm font-medium empty:hidden">
        {approving ? passkeyMessages.stepUpRequired : ""}
      </p>
      <FormFooter
        submitLabel={submitLabel}
        busyLabel={approving ? "Approve on your device..." : busyLabel}
        busy={form.formState.isSubmitting}
        onCancel={onClose}
        cancelLabel={cancelLabel}
        submitVariant={submitVariant}
        className="pt-0"
      />
    </form>
  );
}
