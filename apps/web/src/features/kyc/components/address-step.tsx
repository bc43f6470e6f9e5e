import { type KycOverview, kycAcceptAttribute, kycDocumentKindLabels, kycMessages } from "@satsbank/shared";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { paths } from "@/lib/paths";
import { documentDateBounds, documentDateProblem } from "../lib/document-date";
import { uploadedDocument, useChosenFile } from "../lib/use-chosen-file";
import { useUploadStep } from "../lib/use-upload-step";
import { FileUpload } from "./file-upload";
import { StepActions } from "./step-actions";

/**
 * The proof-of-address step: the document and the date printed on it (within the last 3 months; the
 * person confirms it). Continue uploads it (unless it is the draft already uploaded) and goes on to the
 * selfie.
 */
export function AddressStep({ overview }: { overview: KycOverview }) {
  const navigate = useNavigate();
  const draft = overview.drafts.address;
  const file = useChosenFile("address", draft);
  const [documentDate, setDocumentDate] = useState(draft?.documentDate ?? "");
  const [dateError, setDateError] = useState<string>();
  const dateInput = useRef<HTMLInputElement>(null);
  const [today] = useState(() => new Date());
  const bounds = documentDateBounds(today);
  const upload = useUploadStep();
  // The date is part of the uploaded document: changing it means uploading the document again.
  const dateLocked = uploadedDocument(file.chosen) !== null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (file.chosen === null) {
      const { title, text } = kycMessages.missingDocument;
      return upload.problemToast.show(null, title, text);
    }
    if (file.chosen.source === "uploaded") return void navigate(paths.kyc.selfie);
    const problem = documentDateProblem(documentDate, today);
    if (problem) {
      setDateError(problem);
      dateInput.current?.focus();
      return;
    }
    upload.send(
      { kind: "address", documentDate, file: file.chosen.file },
      {
        onUploaded: () => void navigate(paths.kyc.selfie),
        onRefused: (fields) => {
          if (fields.file !== undefined) file.refuse(fields.file);
          if (fields.documentDate !== undefined) setDateError(fields.documentDate);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        Upload a utility bill, bank statement or official letter that shows your name and address.
      </p>
      <FileUpload
        label={kycDocumentKindLabels.address}
        hint="JPG, PNG or PDF, dated within the last 3 months, max 5MB"
        accept={kycAcceptAttribute.address}
        pickers={[{ label: "Upload document" }]}
        file={file}
        disabled={upload.isPending}
      />
      <FormField
        label="Date on the document"
        hint={
          dateLocked
            ? "To change the date, replace the document."
            : "The date printed on it: within the last 3 months."
        }
        error={dateError}
      >
        {(control) => (
          <Input
            {...control}
            ref={dateInput}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={documentDate}
            readOnly={dateLocked}
            onChange={(event) => {
              setDocumentDate(event.target.value);
              setDateError(undefined);
            }}
          />
        )}
      </FormField>
      <StepActions backTo={paths.kyc.identity} submitLabel="Continue" busy={upload.isPending} />
    </form>
  );
}
