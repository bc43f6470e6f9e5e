import {
  apiPaths,
  type DocumentType,
  type KycDocument,
  type KycDocumentKind,
  type KycOverview,
  kycDocumentResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface KycUpload {
  kind: KycDocumentKind;
  file: File;
  /** Identity only. */
  documentType?: DocumentType;
  /** Proof of address only: YYYY-MM-DD. */
  documentDate?: string;
}

/**
 * `POST /api/kyc/documents`: one file, as multipart form data (the text fields first, then `file`). The
 * server reads the format from the content and answers the stored document; it becomes the step's draft.
 */
export async function uploadKycDocument({
  kind,
  file,
  documentType,
  documentDate,
}: KycUpload): Promise<KycDocument> {
  const form = new FormData();
  form.append("kind", kind);
  if (documentType !== undefined) form.append("documentType", documentType);
  if (documentDate !== undefined) form.append("documentDate", documentDate);
  form.append("file", file, file.name);
  const { document } = await api.post(apiPaths.kyc.documents, form, kycDocumentResponseSchema);
  return document;
}

/** The upload is the step's draft at once, so the next step (and a step visited again) knows it. */
export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadKycDocument,
    onSuccess: (document) => {
      queryClient.setQueryData<KycOverview>(queryKeys.kyc.overview, (overview) =>
        overview ? { ...overview, drafts: { ...overview.drafts, [document.kind]: document } } : overview,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.kyc.all });
    },
  });
}
