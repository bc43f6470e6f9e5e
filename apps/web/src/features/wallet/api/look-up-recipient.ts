import {
  apiPaths,
  recipientIsAddress,
  type SendRecipient,
  type SendRecipientBody,
  sendRecipientSchema,
} from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * `POST /api/wallet/send/recipient`: whom the recipient names and the network fee of a send to them,
 * before any amount. Moves nothing; refused like a quote's recipient (unknown, invalid address, yourself).
 */
export function lookUpRecipient(body: SendRecipientBody, signal?: AbortSignal): Promise<SendRecipient> {
  return apiRequest(apiPaths.wallet.recipient, { method: "POST", body, schema: sendRecipientSchema, signal });
}

/** How long the recipient must stay as typed before it is looked up: a pause, not every keystroke. */
export const RECIPIENT_LOOK_UP_DELAY_MS = 300;

/** Text worth asking about: an address, or what a username could be (letters and digits, 3 to 20). */
function isComplete(text: string): boolean {
  return recipientIsAddress(text) || /^[a-z][a-z0-9]{2,19}$/i.test(text);
}

/**
 * The recipient as the server knows it, once the customer pauses typing: `data` for a payee or an outside
 * address (with its fee), `error` for a refusal. Off while `enabled` is false (a customer who may not send
 * is refused every look-up) and for text that cannot be a recipient yet.
 */
export function useRecipientLookUp(recipient: string, enabled: boolean) {
  const text = recipient.trim();
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), RECIPIENT_LOOK_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const ready = enabled && settled === text && isComplete(text);
  const query = useQuery({
    queryKey: queryKeys.wallet.recipient(settled),
    queryFn: ({ signal }) => lookUpRecipient({ recipient: settled }, signal),
    enabled: ready,
    retry: false,
    staleTime: 60_000,
  });
  return {
    /** The answer for the text as typed now; undefined while typing, looking up, or refused. */
    data: ready ? query.data : undefined,
    error: ready ? query.error : null,
    /** True from the moment a look-up is due until its answer. */
    pending: enabled && isComplete(text) && (!ready || query.isFetching),
  };
}
