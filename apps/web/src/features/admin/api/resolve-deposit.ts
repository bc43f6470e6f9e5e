import { apiPaths, type ResolveDepositBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type DepositResolution = "reverse" | "absorb";

export interface ResolveDepositInput extends ResolveDepositBody {
  txid: string;
  vout: number;
}

const paths = {
  reverse: apiPaths.admin.reverseDeposit,
  absorb: apiPaths.admin.absorbDeposit,
} as const satisfies Record<DepositResolution, (txid: string, vout: number) => string>;

/**
 * `POST /api/admin/books/deposits/:txid/:vout/reverse` or `/absorb`, with a reason (kept in the audit log).
 * Reversed, the amount held is taken back from the customer, who is told why; absorbed, the hold is released
 * to the customer and the bank bears the loss. A 409 when the deposit no longer waits for staff. The answer
 * (`{ deposit }`, as the books list it) is not read: the books are asked again.
 */
export function resolveDeposit(
  resolution: DepositResolution,
  { txid, vout, reason }: ResolveDepositInput,
): Promise<undefined> {
  return api.post(paths[resolution](txid, vout), { reason });
}

export function useResolveDeposit(resolution: DepositResolution) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResolveDepositInput) => resolveDeposit(resolution, input),
    // A reversal moves a customer's money: their balance, the books and the audit log change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.books }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
}
