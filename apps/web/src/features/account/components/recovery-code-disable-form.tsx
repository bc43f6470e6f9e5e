import { zodResolver } from "@hookform/resolvers/zod";
import { recoveryCodeSchema } from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormFooter } from "@/components/form-footer";
import { RecoveryCodeField } from "@/components/recovery-code-field";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";
import type { useDisableTwoFactor } from "../api/disable-two-factor";

const schema = z.object({ recoveryCode: recoveryCodeSchema });
type Values = z.infer<typeof schema>;

export interface RecoveryCodeDisableFormProps {
  disable: ReturnType<typeof useDisableTwoFactor>;
  onCancel: () => void;
  onDone: () => void;
}

/** Turning two-factor off with a recovery code (used up), for a customer without their authenticator app. */
export function RecoveryCodeDisableForm({ disable, onCancel, onDone }: RecoveryCodeDisableFormProps) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { recoveryCode: "" } });

  const onSubmit = form.handleSubmit((values) => {
    disable.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        const message = (isApiError(error) && error.fields.recoveryCode) || errorMessage(error);
        form.setError("recoveryCode", { type: "server", message }, { shouldFocus: true });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <RecoveryCodeField
        error={form.formState.errors.recoveryCode?.message}
        autoFocus
        {...form.register("recoveryCode")}
      />
      <FormFooter
        submitLabel="Turn off"
        busyLabel="Turning off..."
        busy={disable.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
