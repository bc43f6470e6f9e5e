import { zodResolver } from "@hookform/resolvers/zod";
import { CODE_LENGTH, type TwoFactorCodeBody, twoFactorCodeBodySchema } from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { CodeField } from "@/components/code-field";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";

/** A request that takes `{ code }` (enable, disable, new recovery codes) and how it went. */
export type CodeSubmit<Result> = (
  body: TwoFactorCodeBody,
  handlers: { onSuccess: (result: Result) => void; onError: (error: Error) => void },
) => void;

export interface TwoFactorCodeFormProps<Result> {
  /** Sends the code: usually `(body, handlers) => mutation.mutate(body, handlers)`. */
  submit: CodeSubmit<Result>;
  /** The request runs. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onDone: (result: Result) => void;
  onCancel: () => void;
}

/** A current code from the authenticator app; a wrong one is said on the field. */
export function TwoFactorCodeForm<Result>({
  submit,
  pending,
  submitLabel,
  pendingLabel,
  onDone,
  onCancel,
}: TwoFactorCodeFormProps<Result>) {
  const form = useForm<TwoFactorCodeBody>({
    resolver: zodResolver(twoFactorCodeBodySchema),
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });
  const code = form.watch("code");

  const onSubmit = form.handleSubmit((values) => {
    submit(values, {
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
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={code.length !== CODE_LENGTH || pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
