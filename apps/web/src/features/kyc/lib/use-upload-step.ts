import type { KycDocument } from "@satsbank/shared";
import { errorMessage } from "@/lib/form-errors";
import { useProblemToast } from "@/lib/use-problem-toast";
import { type KycUpload, useUploadKycDocument } from "../api/upload-kyc-document";
import { kycScreenMessages } from "./messages";
import { type UploadFieldErrors, uploadFieldErrors } from "./upload-error";

/**
 * A step's upload and its problem toast. `send` uploads and hands over the stored document; a refusal
 * of the file, type or date goes to `onRefused` (said in place, the step stays), anything else (no
 * connection, a server fault) is a toast, and the person may try again.
 */
export function useUploadStep() {
  const upload = useUploadKycDocument();
  const problemToast = useProblemToast<"step">();

  function send(
    body: KycUpload,
    handlers: { onUploaded: (document: KycDocument) => void; onRefused: (fields: UploadFieldErrors) => void },
  ) {
    problemToast.dismiss();
    upload.mutate(body, {
      onSuccess: handlers.onUploaded,
      onError: (error) => {
        const fields = uploadFieldErrors(error);
        if (fields) handlers.onRefused(fields);
        else problemToast.show(null, kycScreenMessages.uploadFailed, errorMessage(error));
      },
    });
  }

  return { send, isPending: upload.isPending, problemToast };
}
