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

/** The most postings one batch may hold: enough for a block's deposits or a bulk load, small enough to send. */
export const MAX_POSTINGS_PER_BATCH = 10_000;

/** Why these single-transfer postings cannot be one batch, or null when they can. */
export function batchProblem(
  postings: ReadonlyArray<PostingShape & { idempotencyKey: string }>,
): string | null {
  if (postings.length === 0) return "a batch needs at least one posting";
  if (postings.length > MAX_POSTINGS_PER_BATCH)
    return `a batch holds at most ${MAX_POSTINGS_PER_BATCH} postings`;
  const keys = new Set<string>();
  for (const posting of postings) {
    const problem = postingProblem([posting], posting.idempotencyKey);
    if (problem !== null) return problem;
    if (keys.has(posting.idempotencyKey)) return "a batch names each idempotency key once";
    keys.add(posting.idempotencyKey);
  }
  return null;
}
