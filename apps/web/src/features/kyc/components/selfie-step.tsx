import {
  type KycDocument,
  type KycOverview,
  kycAcceptAttribute,
  kycDocumentKindLabels,
  kycMessages,
} from "@satsbank/shared";
import { Camera, Check, ImageUp } from "lucide-react";
import { type FormEvent, useId } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { kycStatusPath, paths } from "@/lib/paths";
import { useSubmitKyc } from "../api/submit-kyc";
import { kycScreenMessages } from "../lib/messages";
import { useChosenFile } from "../lib/use-chosen-file";
import { useUploadStep } from "../lib/use-upload-step";
import { FileUpload } from "./file-upload";
import { StepActions } from "./step-actions";

const GUIDELINES = [
  "Find good, even light",
  "Face the camera directly",
  "No glasses or hat",
  "Keep your whole face visible",
] as const;

/**
 * The selfie step: take one (the front camera) or upload one, with the guidelines. Submit Verification
 * uploads it (unless it is the draft already uploaded), submits the basic level with the identity and
 * address drafts, and opens the status screen. Without those drafts it sends the person back to the step
 * that lacks one, with that step's own message.
 */
export function SelfieStep({ overview }: { overview: KycOverview }) {
  const navigate = useNavigate();
  const guidelinesId = useId();
  const file = useChosenFile("selfie", overview.drafts.selfie);
  const upload = useUploadStep();
  const submit = useSubmitKyc();
  const busy = upload.isPending || submit.isPending;

  function submitWith(selfie: KycDocument, identity: KycDocument, address: KycDocument) {
    submit.mutate(
      {
        level: "basic",
        identityDocumentId: identity.id,
        addressDocumentId: address.id,
        selfieDocumentId: selfie.id,
      },
      {
        onSuccess: () => void navigate(kycStatusPath("basic")),
        onError: (error) =>
          upload.problemToast.show(null, kycScreenMessages.submitFailed, errorMessage(error)),
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (file.chosen === null) {
      const { title, text } = kycMessages.selfieRequired;
      return upload.problemToast.show(null, title, text);
    }
    const { identity, address } = overview.drafts;
    if (identity === null) {
      notify.error(kycMessages.missingInformation.title, kycMessages.missingInformation.text);
      return void navigate(paths.kyc.identity);
    }
    if (address === null) {
      notify.error(kycMessages.missingDocument.title, kycMessages.missingDocument.text);
      return void navigate(paths.kyc.address);
    }
    if (file.chosen.source === "uploaded") return submitWith(file.chosen.document, identity, address);
    upload.send(
      { kind: "selfie", file: file.chosen.file },
      {
        onUploaded: (selfie) => {
          // A failed submission is tried again without uploading the selfie twice.
          file.uploaded(selfie);
          submitWith(selfie, identity, address);
        },
        // A selfie has no other field: whatever the server refused, it is about the file.
        onRefused: (fields) => file.refuse(fields.file ?? fields.documentType ?? fields.documentDate ?? ""),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <section aria-labelledby={guidelinesId} className="rounded-2xl border bg-card p-4 shadow-xs">
        <h2 id={guidelinesId} className="text-sm font-semibold">
          Guidelines
        </h2>
        <ul className="mt-2 flex flex-col gap-1.5 text-sm">
          {GUIDELINES.map((guideline) => (
            <li key={guideline} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 text-success-strong" />
              {guideline}
            </li>
          ))}
        </ul>
      </section>
      <FileUpload
        label={kycDocumentKindLabels.selfie}
        hint="JPG or PNG only, max 5MB"
        accept={kycAcceptAttribute.selfie}
        pickers={[
          { label: "Take a selfie", capture: "user", icon: Camera },
          { label: "Upload a photo", icon: ImageUp },
        ]}
        replaceLabel="Take new selfie"
        file={file}
        disabled={busy}
      />
      <StepActions backTo={paths.kyc.address} submitLabel="Submit Verification" busy={busy} />
    </form>
  );
}
