import { z } from "zod";
import type { Db } from "../db/client.js";
import { databaseError } from "../db/errors.js";
import type { LedgerTransferKind } from "../db/schema/index.js";
import { postingProblem } from "../domain/ledger.js";
import type { Sats } from "../domain/money.js";
import { IdempotencyKeyReusedError, InsufficientFundsError, UnknownLedgerAccountError } from "./errors.js";
import { callLedgerPost, type TransferColumns } from "./queries.js";

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

/** Transfers as the ledger's SQL functions take them: one array per column, in the order given. */
export function transferColumns(transfers: readonly Transfer[], at: Date): TransferColumns {
  return {
    debits: transfers.map((t) => t.debit),
    credits: transfers.map((t) => t.credit),
    amounts: transfers.map((t) => t.amount),
    kinds: transfers.map((t) => t.kind),
    references: transfers.map((t) => t.reference ?? null),
    at,
  };
}

export type Posting = {
  /** The transfers, in the order given. */
  transferIds: number[];
  /** True when the key was posted before: these are the first posting's transfers, nothing new moved. */
  replayed: boolean;
};

/**
 * THE way money moves: one posting, its transfers as one unit, or nothing. Within a db transaction (`db`
 * is a `tx`) it joins it; otherwise the single statement is its own db transaction. The key makes it idempotent: the
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
    return await callLedgerPost(db, { idempotencyKey, ...transferColumns(transfers, at) });
  } catch (error) {
    throw ledgerError(error, idempotencyKey) ?? error;
  }
}

const insufficientFundsDetail = z.object({ account: z.number().int(), balance: z.string().regex(/^-?\d+$/) });

/** The ledger functions' refusals (SQLSTATE LD001-LD003) as the ledger's errors; undefined for anything else. */
export function ledgerError(error: unknown, idempotencyKey: string): Error | undefined {
  const facts = databaseError(error);
  switch (facts?.code) {
    case "LD001": {
      // ledger_post() writes the refused account and its balance as JSON in the error's detail.
      const detail = insufficientFundsDetail.safeParse(JSON.parse(facts.detail ?? "null"));
      if (!detail.success)
        return new Error(`ledger_post() refused a posting without its detail: ${facts.detail}`);
      return new InsufficientFundsError(detail.data.account, BigInt(detail.data.balance));
    }
    case "LD002":
      return new UnknownLedgerAccountError("A transfer names a ledger account that does not exist");
    case "LD003":
      return new IdempotencyKeyReusedError(idempotencyKey);
    default:
      return undefined;
  }
}
