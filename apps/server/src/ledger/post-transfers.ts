import type { Db } from "../db/client.js";
import { databaseError } from "../db/errors.js";
import type { LedgerTransferKind } from "../db/schema/index.js";
import { postingProblem } from "../domain/ledger.js";
import type { Sats } from "../domain/money.js";
import { IdempotencyKeyReusedError, InsufficientFundsError, UnknownLedgerAccountError } from "./errors.js";
import { callLedgerPost } from "./queries.js";

export type Transfer = {
  /** The account money leaves. */
  debit: number;
  /** The account money enters. */
  credit: number;
  amount: Sats;
  kind: LedgerTransferKind;
  /** What it is for, e.g. "transaction:<transactionId>". */
  reference?: string | null;
};

export type Posting = {
  /** The transfers, in the order given. */
  transferIds: number[];
  /** True when the key was posted before: these are the first posting's transfers, nothing new moved. */
  replayed: boolean;
};

/**
 * THE way money moves: posts the transfers as one unit, or nothing. Within a transaction (`db` is a `tx`)
 * it joins it; otherwise the single statement is its own transaction. The key makes it idempotent: the
 * same key again answers the first posting; with other transfers it throws IdempotencyKeyReusedError.
 * Throws InsufficientFundsError when a customer account would go below zero.
 */
export async function postTransfers(
  db: Db,
  transfers: readonly Transfer[],
  { idempotencyKey, at }: { idempotencyKey: string; at: Date },
): Promise<Posting> {
  const problem = postingProblem(transfers, idempotencyKey);
  if (problem !== null) throw new Error(`Invalid posting: ${problem}`);
  try {
    return await callLedgerPost(db, {
      idempotencyKey,
      debits: transfers.map((t) => t.debit),
      credits: transfers.map((t) => t.credit),
      amounts: transfers.map((t) => t.amount),
      kinds: transfers.map((t) => t.kind),
      references: transfers.map((t) => t.reference ?? null),
      at,
    });
  } catch (error) {
    throw ledgerError(error, idempotencyKey) ?? error;
  }
}

function ledgerError(error: unknown, idempotencyKey: string): Error | undefined {
  const facts = databaseError(error);
  switch (facts?.code) {
    case "LD001": {
      const { account, balance } = JSON.parse(facts.detail ?? "{}") as { account: number; balance: string };
      return new InsufficientFundsError(account, BigInt(balance));
    }
    case "LD002":
      return new UnknownLedgerAccountError("A transfer names a ledger account that does not exist");
    case "LD003":
      return new IdempotencyKeyReusedError(idempotencyKey);
    default:
      return undefined;
  }
}
