import { zodResolver } from "@hookform/resolvers/zod";
import { twoFactorSetupBodySchema } from "@satsbank/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { FormFooter } from "@/components/form-footer";
import { PasswordField } from "@/components/password-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useRegenerateRecoveryCodes } from "../api/recovery-codes";
import { RecoveryCodesPanel } from "./recovery-codes-panel";

// The current password alone: whoever makes new codes may have lost the authenticator app.
const schema = twoFactorSetupBodySchema;
type Values = z.infer<typeof schema>;
const FIELDS = ["currentPassword"] as const;

/**
 * "New codes" of Security's Recovery Codes row: the current password, then the new codes, shown once (the
 * old ones stop working).
 */
export function RecoveryCodesDialog({ describedBy }: { describedBy: string }) {
  const [open, setOpen] = useState(false);
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { currentPassword: "" } });
  const alert = useFormAlert(form.setError, FIELDS);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) return;
    // The codes are not kept once the dialog closes: they were shown once.
    regenerate.reset();
    form.reset();
    alert.clear();
  }

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    regenerate.mutate(values, {
      onSuccess: () => notify.success("New recovery codes made", "The old ones no longer work."),
      onError: (error) => alert.show(error),
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-describedby={describedBy}>
          {/* One child: the flex gap would widen the space the hidden word sits in. */}
          <span>
            New<span className="sr-only"> recovery</span> codes
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New recovery codes</DialogTitle>
          <DialogDescription>
            {regenerate.data
              ? "Your old recovery codes no longer work."
              : "Enter your current password. New codes replace the ones you have, used or not."}
          </DialogDescription>
        </DialogHeader>
        {regenerate.data ? (
          <RecoveryCodesPanel codes={regenerate.data} onDone={() => onOpenChange(false)} />
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <FormAlert>{alert.text}</FormAlert>
            <PasswordField
              label="Current Password"
              error={form.formState.errors.currentPassword?.message}
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
            <FormFooter
              submitLabel="Make new codes"
              busyLabel="Making..."
              busy={regenerate.isPending}
              onCancel={() => onOpenChange(false)}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
