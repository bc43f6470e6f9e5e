import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AdminCustomer,
  type CustomerStatusBody,
  customerStatusBodySchema,
  STATUS_REASON_MAX_LENGTH,
} from "@satsbank/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { type CustomerStatusChange, useSetCustomerStatus } from "../api/set-customer-status";

const WORDS = {
  deactivate: {
    button: "Deactivate",
    pending: "Deactivating...",
    title: (name: string) => `Deactivate ${name}?`,
    text: "They will not be able to sign in or send, and their sessions end at once. They are told, and the reason is kept in the audit log.",
    done: "Customer deactivated",
  },
  reactivate: {
    button: "Reactivate",
    pending: "Reactivating...",
    title: (name: string) => `Reactivate ${name}?`,
    text: "They will be able to sign in and send again. They are told, and the reason is kept in the audit log.",
    done: "Customer reactivated",
  },
} as const;

/**
 * Deactivate an active customer, or reactivate an inactive one: a dialog asking for the reason (required,
 * here and on the server).
 */
export function CustomerStatusDialog({
  customer,
}: {
  customer: Pick<AdminCustomer, "id" | "name" | "status">;
}) {
  const [open, setOpen] = useState(false);
  const change = customer.status === "active" ? "deactivate" : "reactivate";
  const words = WORDS[change];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={change === "deactivate" ? "outline" : "secondary"} size="sm">
          {words.button}
          <span className="sr-only">{` ${customer.name}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{words.title(customer.name)}</DialogTitle>
          <DialogDescription>{words.text}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog, so every opening starts with an empty reason. */}
        {open && (
          <CustomerStatusForm
            userId={customer.id}
            change={change}
            onCancel={() => setOpen(false)}
            onDone={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface CustomerStatusFormProps {
  userId: string;
  change: CustomerStatusChange;
  onCancel: () => void;
  onDone: () => void;
}

function CustomerStatusForm({ userId, change, onCancel, onDone }: CustomerStatusFormProps) {
  const mutation = useSetCustomerStatus(change);
  const words = WORDS[change];
  const form = useForm<CustomerStatusBody>({
    resolver: zodResolver(customerStatusBodySchema),
    defaultValues: { reason: "" },
  });
  const alert = useFormAlert(form.setError, ["reason"]);

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    mutation.mutate(
      { userId, reason: values.reason },
      {
        onSuccess: () => {
          notify.success(words.done);
          onDone();
        },
        onError: (error) => {
          alert.show(error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <FormField label="Reason" error={form.formState.errors.reason?.message}>
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
      <FormFooter
        submitLabel={words.button}
        busyLabel={words.pending}
        busy={mutation.isPending}
        onCancel={onCancel}
        submitVariant={change === "deactivate" ? "destructive" : "default"}
        className="pt-0"
      />
    </form>
  );
}
