import { apiPaths, BIP329_IMPORT_MAX_BYTES, type Bip329ImportResult } from "@satsbank/shared";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { fileText } from "@/lib/file-read";
import { fileSizeText } from "@/lib/file-size";
import { errorMessage } from "@/lib/form-errors";
import { useImportBip329Labels } from "../api/import-bip329-labels";

const CHOOSE = "Choose a BIP-329 labels file.";
const TOO_LARGE = `This file is larger than ${fileSizeText(BIP329_IMPORT_MAX_BYTES)}. Choose a smaller one.`;
const UNREADABLE = "This file could not be read. Choose it again.";

function labelsText(count: number): string {
  return count === 1 ? "1 label imported" : `${count.toLocaleString("en-US")} labels imported`;
}

/** What an import did: how many labels it set, then every line it skipped, by number, with why. */
function ImportResult({ result }: { result: Bip329ImportResult }) {
  const skippedId = useId();
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-muted px-4 py-3 text-sm">
      <p className="font-medium">{labelsText(result.imported)}</p>
      {result.skipped.length > 0 && (
        <>
          <p id={skippedId}>
            {result.skipped.length === 1 ? "1 line skipped:" : `${result.skipped.length} lines skipped:`}
          </p>
          <ul aria-labelledby={skippedId} className="flex max-h-64 flex-col gap-1 overflow-y-auto">
            {result.skipped.map(({ line, reason }) => (
              <li key={line} className="break-words">
                <span className="font-medium tabular-nums">{`Line ${line}: `}</span>
                {reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * "Labels (BIP-329)": the customer's labels of their transactions and addresses as a BIP-329 file other
 * wallets read (a plain link: the server answers it as an attachment), and an import of such a file, which
 * merges the labels for what the customer owns. The file's size is checked here first, as the server does.
 */
export function Bip329Labels() {
  const headingId = useId();
  const importLabels = useImportBip329Labels();
  const form = useForm<{ file: FileList | null }>({ defaultValues: { file: null } });
  const [result, setResult] = useState<Bip329ImportResult | null>(null);

  const onSubmit = form.handleSubmit(async ({ file }) => {
    setResult(null);
    const chosen = file?.[0];
    const refuse = (message: string) => form.setError("file", { message }, { shouldFocus: true });
    if (!chosen) return refuse(CHOOSE);
    if (chosen.size > BIP329_IMPORT_MAX_BYTES) return refuse(TOO_LARGE);
    let text: string;
    try {
      text = await fileText(chosen);
    } catch {
      return refuse(UNREADABLE);
    }
    try {
      setResult(await importLabels.mutateAsync(text));
    } catch (error) {
      refuse(errorMessage(error));
    }
  });

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-base font-semibold">
            Labels (BIP-329)
          </h2>
          <p className="text-sm text-muted-foreground">
            Your labels of your transactions and addresses, in the file format wallets such as Sparrow read.
            An import adds a file's labels for your own transactions and addresses.
          </p>
        </div>
        <Button asChild variant="outline" className="self-start">
          <a href={apiPaths.labels.bip329} download="satsbank-labels.jsonl">
            <Download aria-hidden="true" />
            Export labels
          </a>
        </Button>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
          <FormField
            label="Labels file"
            hint={`A BIP-329 file (.jsonl, .json or .txt), up to ${fileSizeText(BIP329_IMPORT_MAX_BYTES)}.`}
            error={form.formState.errors.file?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                accept=".jsonl,.json,.txt,application/jsonl,application/json,text/plain"
                className="h-auto py-2 file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-foreground"
                {...form.register("file", { onChange: () => setResult(null) })}
              />
            )}
          </FormField>
          <SubmitButton
            variant="outline"
            className="self-start"
            busy={form.formState.isSubmitting}
            busyLabel="Importing..."
          >
            Import labels
          </SubmitButton>
        </form>
        <div role="status" aria-live="polite">
          {result && <ImportResult result={result} />}
        </div>
      </CardContent>
    </Card>
  );
}
