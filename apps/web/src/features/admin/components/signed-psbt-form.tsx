import { refillSignaturesBodySchema } from "@satsbank/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { errorMessage, fieldMessages } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { psbtFileText, type UploadToast } from "../lib/vault-text";

interface UploadForm {
  file: FileList | null;
  pasted: string;
}

const ONE_OF = "Choose the signed PSBT's file, or paste its text.";
const NOT_BOTH = "Choose a file or paste the text, not both.";
const UNREADABLE = "This file could not be read. Choose it again, or paste its text.";

export interface SignedPsbtFormProps {
  /** Sends the PSBT (base64 or hex text) and answers what the upload did, as toasts. */
  send: (psbt: string) => Promise<UploadToast[]>;
  onClose: () => void;
  /** The toast's title when what it signs moved on meanwhile (409, 404): nothing to retry from here. */
  refusedTitle: string;
}

/**
 * A key holder's signed PSBT: the file their wallet wrote (binary or base64 text), or its text pasted. What
 * the upload did is said in toasts; a refusal (another transaction, not a PSBT) stays in the form's alert,
 * to choose another file. The vault's refills and the reserves proofs take it alike.
 */
export function SignedPsbtForm({ send, onClose, refusedTitle }: SignedPsbtFormProps) {
  const form = useForm<UploadForm>({ defaultValues: { file: null, pasted: "" } });
  const [alert, setAlert] = useState<string>();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ file, pasted }) => {
    setAlert(undefined);
    const chosen = file?.[0];
    if (chosen && pasted.trim() !== "") return form.setError("file", { message: NOT_BOTH });
    let psbt: string;
    try {
      psbt = chosen ? await psbtFileText(chosen) : pasted;
    } catch {
      return form.setError("file", { message: UNREADABLE }, { shouldFocus: true });
    }
    const body = refillSignaturesBodySchema.safeParse({ psbt });
    if (!body.success) return form.setError("file", { message: ONE_OF }, { shouldFocus: true });
    try {
      const toasts = await send(body.data.psbt);
      onClose();
      for (const toast of toasts) notify[toast.type](toast.title, toast.text);
    } catch (error) {
      if (isApiError(error) && (error.code === "CONFLICT" || error.code === "NOT_FOUND")) {
        onClose();
        notify.error(refusedTitle, errorMessage(error));
      } else setAlert(fieldMessages(error, ["psbt"]).psbt ?? errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert}</FormAlert>
      <FormField
        label="Signed PSBT file"
        hint="The .psbt file the wallet wrote, binary or base64 text."
        error={errors.file?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".psbt,.txt,application/octet-stream,text/plain"
            className="h-auto py-2 file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-foreground"
            {...form.register("file")}
          />
        )}
      </FormField>
      <FormField label="Or paste the signed PSBT" hint="Base64 text, as Sparrow or Bitcoin Core show it.">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            spellCheck={false}
            autoComplete="off"
            className="min-h-0 font-mono text-xs break-all"
            {...form.register("pasted")}
          />
        )}
      </FormField>
      <FormFooter
        submitLabel="Upload"
        busyLabel="Uploading..."
        busy={form.formState.isSubmitting}
        onCancel={onClose}
        className="pt-0"
      />
    </form>
  );
}
