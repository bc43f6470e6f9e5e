import {
  apiPaths,
  type SupportRequest,
  type SupportRequestBody,
  supportRequestResponseSchema,
} from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/support/requests`: kept for staff, its confirmation mailed to the account's email. */
export async function submitSupportRequest(body: SupportRequestBody): Promise<SupportRequest> {
  const { request } = await api.post(apiPaths.support.requests, body, supportRequestResponseSchema);
  return request;
}

export function useSubmitSupportRequest() {
  return useMutation({ mutationFn: submitSupportRequest });
}
