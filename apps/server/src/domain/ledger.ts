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

/** Each account's net change (credits minus debits) under the posting, in ascending account order. */
export function netChanges(transfers: readonly PostingShape[]): Array<{ account: number; change: bigint }> {
  const changes = new Map<number, bigint>();
  for (const { debit, credit, amount } of transfers) {
    changes.set(debit, (changes.get(debit) ?? 0n) - amount);
    changes.set(credit, (changes.get(credit) ?? 0n) + amount);
  }
  return [...changes.entries()].sort(([a], [b]) => a - b).map(([account, change]) => ({ account, change }));
}
