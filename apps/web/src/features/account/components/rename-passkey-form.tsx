import { zodResolver } from "@hookform/resolvers/zod";
import { type Passkey, type RenamePasskeyBody, renamePasskeyBodySchema } from "@satsbank/shared";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Input } from "@/components/ui/input";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useRenamePasskey } from "../api/rename-passkey";

const FIELDS = ["name"] as const;

/** A passkey's name edited in place: Save sends it, Cancel leaves it as it was. */
export function RenamePasskeyForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const form = useForm<RenamePasskeyBody>({
    resolver: zodResolver(renamePasskeyBodySchema),
    defaultValues: { name: passkey.name },
  });
  const alert = useFormAlert(form.setError, FIELDS);

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    rename.mutate(
      { id: passkey.id, ...values },
      {
        onSuccess: (renamed) => {
          notify.success("Passkey renamed", `It is now called ${renamed.name}.`);
          onDone();
        },
        onError: (error) => alert.show(error),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <FormAlert>{alert.text}</FormAlert>
      <FormField label="Passkey name" error={form.formState.errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" autoFocus {...form.register("name")} />}
      </FormField>
      <FormFooter
        layout="inline"
        submitLabel="Save"
        busyLabel="Saving..."
        busy={rename.isPending}
        onCancel={onDone}
        className="pt-0"
      />
    </form>
  );
}
