import { zodResolver } from "@hookform/resolvers/zod";
import {
  CODE_LENGTH,
  type SessionUser,
  type TwoFactorCodeBody,
  twoFactorCodeBodySchema,
} from "@satsbank/shared";
import type { UseMutationResult } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { CodeField } from "@/components/code-field";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";

export interface TwoFactorCodeFormProps {
  /** Enable or disable: both take `{ code }` and answer the fresh user. */
  mutation: UseMutationResult<SessionUser, Error, TwoFactorCodeBody>;
  submitLabel: string;
  pendingLabel: string;
  onDone: () => void;
  onCancel: () => void;
}

/** A current code from the authenticator app; a wrong one is said on the field. */
export function TwoFactorCodeForm({
  mutation,
  submitLabel,
  pendingLabel,
  onDone,
  onCancel,
}: TwoFactorCodeFormProps) {
  const form = useForm<TwoFactorCodeBody>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });
  const code = form.watch("code");

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        const message = (isApiError(error) && error.fields.code) || errorMessage(error);
        form.setValue("code", "");
        form.setError("code", { type: "server", message }, { shouldFocus: true });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <CodeField form={form} />
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={code.length !== CODE_LENGTH || mutation.isPending}>
          {mutation.isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
