/** A posting would take a customer account below zero; nothing was written. */
export class InsufficientFundsError extends Error {
  override name = "InsufficientFundsError";

  constructor(
    readonly accountId: number,
    /** The account's balance when the posting was refused. */
    readonly balance: bigint,
  ) {
    super(`Ledger account ${accountId} holds ${balance} sat: not enough for the posting`);
  }
}

/** The idempotency key was used before for other transfers; nothing was written. */
export class IdempotencyKeyReusedError extends Error {
  override name = "IdempotencyKeyReusedError";

  constructor(readonly idempotencyKey: string) {
    super(`The idempotency key ${idempotencyKey} was used for different transfers`);
  }
}

/** A transfer names an account that does not exist (a bug in the caller); nothing was written. */
export class UnknownLedgerAccountError extends Error {
  override name = "UnknownLedgerAccountError";
}
