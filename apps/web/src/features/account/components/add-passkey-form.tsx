import { zodResolver } from "@hookform/resolvers/zod";
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages, plainText } from "@satsbank/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { Input } from "@/components/ui/input";
import { notify } from "@/lib/notify";
import { isPasskeyCancelled, passkeyErrorText } from "@/lib/passkey";
import { useAddPasskey } from "../api/add-passkey";
import { type FreshProofGate, isFreshProofCancelled } from "../lib/fresh-proof";

// The name is optional here (the server names it after the device); typed, it is the shared schema's.
const schema = z.object({
  name: z
    .string()
    .trim()
    .check(plainText)
    .max(PASSKEY_NAME_MAX_LENGTH, { error: passkeyMessages.nameTooLong }),
});
type Values = z.infer<typeof schema>;

/**
 * Add a passkey: an optional name, then the browser's own dialog. A cancelled dialog says so and adds
 * nothing; a refusal (already registered, too many) is the server's words.
 */
export function AddPasskeyForm({ gate }: { gate: FreshProofGate }) {
  const add = useAddPasskey(gate);
  const [problem, setProblem] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "" } });

  const onSubmit = form.handleSubmit(({ name }) => {
    setProblem(undefined);
    add.mutate(
      { name: name || undefined },
      {
        onSuccess: (passkey) => {
          form.reset();
          notify.success("Passkey added", `${passkey.name} now signs in to your account.`);
        },
        onError: (error) => {
          if (isFreshProofCancelled(error)) return;
          setProblem(
            isPasskeyCancelled(error)
              ? `${passkeyErrorText(error)}. No passkey was added.`
              : passkeyErrorText(error),
          );
        },
      },
    );
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a passkey"
      className="flex flex-col gap-3 rounded-xl border border-dashed p-3"
    >
      <FormAlert>{problem}</FormAlert>
      <FormField
        label="Name (optional)"
        hint="For example, Work laptop. Without one, it is named after your device."
        error={form.formState.errors.name?.message}
      >
        {(control) => <Input {...control} autoComplete="off" {...form.register("name")} />}
      </FormField>
      <SubmitButton busy={add.isPending} busyLabel="Adding..." className="sm:self-start">
        Add a passkey
      </SubmitButton>
    </form>
  );
}
