import { apiPaths, type ContactBody, type ContactResponse, contactResponseSchema } from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/support/contact`: the public contact form (no session); a confirmation goes to the email typed. */
export function sendContactMessage(body: ContactBody): Promise<ContactResponse> {
  return api.post(apiPaths.support.contact, body, contactResponseSchema);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
