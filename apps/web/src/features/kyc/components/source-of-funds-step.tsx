import {
  type KycDocument,
  type KycOverview,
  kycAcceptAttribute,
  kycSubmissionBodySchema,
  SOURCE_OF_FUNDS_MAX_LENGTH,
} from "@satsbank/shared";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { FormField } from "@/components/form-field";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/form-errors";
import { kycStatusPath } from "@/lib/paths";
import { useSubmitKyc } from "../api/submit-kyc";
import { kycScreenMessages } from "../lib/messages";
import { useChosenFile } from "../lib/use-chosen-file";
import { useUploadStep } from "../lib/use-upload-step";
import { FileUpload } from "./file-upload";
import { StepActions } from "./step-actions";

const [, enhancedBody] = kycSubmissionBodySchema.options;

/**
 * The enhanced level's step: where the customer's funds come from, in their words, and a document that
 * shows it. Submit Verification uploads the document (unless it is the draft already uploaded), submits
 * the enhanced level and opens its status.
 */
export function SourceOfFundsStep({ overview, onBack }: { overview: KycOverview; onBack: () => void }) {
  const navigate = useNavigate();
  const file = useChosenFile("source_of_funds", overview.drafts.source_of_funds);
  const [sourceOfFunds, setSourceOfFunds] = useState("");
  const [textError, setTextError] = useState<string>();
  const textInput = useRef<HTMLTextAreaElement>(null);
  const upload = useUploadStep();
  const submit = useSubmitKyc();
  const busy = upload.isPending || submit.isPending;

  function submitWith(document: KycDocument, text: string) {
    submit.mutate(
      { level: "enhanced", sourceOfFunds: text, documentId: document.id },
      {
        onSuccess: () => void navigate(kycStatusPath("enhanced")),
        onError: (error) =>
          upload.problemToast.show(null, kycScreenMessages.submitFailed, errorMessage(error)),
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = enhancedBody.shape.sourceOfFunds.safeParse(sourceOfFunds);
    if (!text.success) {
      setTextError(text.error.issues[0]?.message);
      textInput.current?.focus();
      return;
    }
    if (file.chosen === null) {
      const { title, text } = kycScreenMessages.missingFundsDocument;
      return upload.problemToast.show(null, title, text);
    }
    if (file.chosen.source === "uploaded") return submitWith(file.chosen.document, text.data);
    upload.send(
      { kind: "source_of_funds", file: file.chosen.file },
      {
        onUploaded: (document) => {
          file.uploaded(document);
          submitWith(document, text.data);
        },
        onRefused: (fields) => file.refuse(fields.file ?? fields.documentType ?? fields.documentDate ?? ""),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <FormField
        label="Source of funds"
        hint="Where the money you keep with us comes from: salary, savings, a business, the sale of a property."
        error={textError}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={textInput}
            rows={4}
            maxLength={SOURCE_OF_FUNDS_MAX_LENGTH}
            value={sourceOfFunds}
            onChange={(event) => {
              setSourceOfFunds(event.target.value);
              setTextError(undefined);
            }}
          />
        )}
      </FormField>
      <FileUpload
        label="Supporting document"
        hint="A payslip, bank statement or contract of sale. JPG, PNG or PDF, max 5MB"
        accept={kycAcceptAttribute.source_of_funds}
        pickers={[{ label: "Upload document" }]}
        file={file}
        disabled={busy}
      />
      <StepActions onBack={onBack} submitLabel="Submit Verification" busy={busy} />
    </form>
  );
}
