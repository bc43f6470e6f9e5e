// Pure rules of a ledger posting, checked before it reaches the database (which checks them again).

/** The most transfers one posting may hold: a withdrawal needs three, nothing needs sixteen. */
export const MAX_TRANSFERS_PER_POSTING = 16;

export type PostingShape = { debit: number; credit: number; amount: bigint };

/** Why these transfers cannot be one posting, or null when they can. */
export function postingProblem(transfers: readonly PostingShape[], idempotencyKey: string): string | null {
  if (transfers.length === 0) return "a posting needs at least one transfer";
  if (transfers.length > MAX_TRANSFERS_PER_POSTING)
    return `a posting holds at most ${MAX_TRANSFERS_PER_POSTING} transfers`;
  if (idempotencyKey.length === 0 || idempotencyKey.length > 200)
    return "the idempotency key must be 1 to 200 characters";
  for (const { debit, credit, amount } of transfers) {
    if (amount <= 0n) return "every transfer moves a positive amount";
    if (debit === credit) return "a transfer moves money between two different accounts";
    if (!Number.isSafeInteger(debit) || !Number.isSafeInteger(credit) || debit <= 0 || credit <= 0)
      return "accounts are named by their id";
  }
  return null;
}
