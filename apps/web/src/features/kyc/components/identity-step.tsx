import {
  type DocumentType,
  documentTypeLabels,
  documentTypeSchema,
  type KycOverview,
  kycAcceptAttribute,
  kycDocumentKindLabels,
  kycMessages,
} from "@satsbank/shared";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { paths } from "@/lib/paths";
import { uploadedDocument, useChosenFile } from "../lib/use-chosen-file";
import { useUploadStep } from "../lib/use-upload-step";
import { FileUpload } from "./file-upload";
import { StepActions } from "./step-actions";

/**
 * The identity step: the document type and the document. Continue uploads it (unless it is the draft
 * already uploaded) and goes on to the address step.
 */
export function IdentityStep({ overview }: { overview: KycOverview }) {
  const navigate = useNavigate();
  const id = useId();
  const file = useChosenFile("identity", overview.drafts.identity);
  const [documentType, setDocumentType] = useState<DocumentType | null>(
    overview.drafts.identity?.documentType ?? null,
  );
  const [typeError, setTypeError] = useState<string>();
  const upload = useUploadStep();
  const uploaded = uploadedDocument(file.chosen);
  // The type is part of the uploaded document: changing it means uploading the document again.
  const typeLocked = uploaded !== null && uploaded.documentType !== null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (documentType === null || file.chosen === null) {
      const { title, text } = kycMessages.missingInformation;
      return upload.problemToast.show(null, title, text);
    }
    if (file.chosen.source === "uploaded") return void navigate(paths.kyc.address);
    upload.send(
      { kind: "identity", documentType, file: file.chosen.file },
      {
        onUploaded: () => void navigate(paths.kyc.address),
        onRefused: (fields) => {
          if (fields.file !== undefined) file.refuse(fields.file);
          if (fields.documentType !== undefined) setTypeError(fields.documentType);
        },
      },
    );
  }

  const typeHintId = `${id}-type-hint`;
  const typeErrorId = `${id}-type-error`;
  const typeDescribedBy = [typeLocked ? typeHintId : null, typeError ? typeErrorId : null].filter(Boolean);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        Choose the type of your identity document and upload a clear photo or scan of it.
      </p>
      <div className="flex flex-col gap-2">
        <p id={`${id}-type`} className="text-sm font-medium leading-none">
          Document type
        </p>
        <RadioGroup
          aria-labelledby={`${id}-type`}
          aria-describedby={typeDescribedBy.join(" ") || undefined}
          aria-invalid={typeError ? true : undefined}
          value={documentType ?? ""}
          disabled={typeLocked}
          onValueChange={(value) => {
            const parsed = documentTypeSchema.safeParse(value);
            if (!parsed.success) return;
            setDocumentType(parsed.data);
            setTypeError(undefined);
          }}
        >
          {documentTypeSchema.options.map((type) => (
            <div
              key={type}
              className="flex items-center gap-3 rounded-xl border bg-card px-3.5 has-[[data-state=checked]]:border-primary"
            >
              <RadioGroupItem value={type} id={`${id}-${type}`} />
              <Label htmlFor={`${id}-${type}`} className="min-h-12 flex-1 cursor-pointer">
                {documentTypeLabels[type]}
              </Label>
            </div>
          ))}
        </RadioGroup>
        {typeLocked && (
          <p id={typeHintId} className="text-xs text-muted-foreground">
            To change the document type, replace the document.
          </p>
        )}
        {typeError && (
          <p id={typeErrorId} role="alert" className="text-sm font-medium text-destructive">
            {typeError}
          </p>
        )}
      </div>
      <FileUpload
        label={kycDocumentKindLabels.identity}
        hint="JPG, PNG or PDF, max 5MB"
        accept={kycAcceptAttribute.identity}
        pickers={[{ label: "Upload document" }]}
        file={file}
        disabled={upload.isPending}
      />
      <StepActions backTo={paths.kyc.intro} submitLabel="Continue" busy={upload.isPending} />
    </form>
  );
}
