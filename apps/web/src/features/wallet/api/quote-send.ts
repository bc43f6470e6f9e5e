import { apiPaths, type SendQuote, type SendQuoteBody, sendQuoteSchema } from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * `POST /api/wallet/send/quote`: whom the recipient names (the payee) and what the send will cost. Moves nothing; the
 * same checks as the send itself (unknown recipient, self-send, funds, verification) answer here first.
 */
export function quoteSend(body: SendQuoteBody): Promise<SendQuote> {
  return api.post(apiPaths.wallet.quote, body, sendQuoteSchema);
}

export function useQuoteSend() {
  return useMutation({ mutationFn: quoteSend });
}
