import {
  apiPaths,
  type ChangePasswordBody,
  type MessageResponse,
  messageResponseSchema,
} from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/account/password`: needs the current password; a wrong one comes back on `currentPassword`. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return api.post(apiPaths.account.password, body, messageResponseSchema);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
