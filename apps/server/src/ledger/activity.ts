import type { Db } from "../db/client.js";
import { balancesByKind, type TransferKindFigures, transferFigures } from "./queries.js";

export type LedgerActivity = {
  /**
   * Postings ever made (one per ledger_post() call, and one per posting of a batch, that moved money; a
   * replayed key is not one).
   */
  postings: number;
  /** Transfers (legs) and the satoshis they moved, by kind. */
  transfers: TransferKindFigures[];
  /** Balances summed by account kind: customers' (what the bank owes them), the hot wallet's, fees. */
  balances: Array<{ kind: string; sats: bigint }>;
};

/** What the ledger has done, read from its tables: the same answer in every process. */
export async function ledgerActivity(db: Db): Promise<LedgerActivity> {
  const [figures, balances] = await Promise.all([transferFigures(db), balancesByKind(db)]);
  return { postings: figures.postings, transfers: figures.kinds, balances };
}
