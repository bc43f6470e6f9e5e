import { z } from "zod";
import type { Db } from "../db/client.js";
import { databaseError } from "../db/errors.js";
import { batchProblem } from "../domain/ledger.js";
import { IdempotencyKeyReusedError } from "./errors.js";
import { ledgerError, type Transfer, transferColumns } from "./post-transfers.js";
import { callLedgerPostBatch } from "./queries.js";

/** One posting of a batch: a single transfer under its own idempotency key. */
export type BatchedTransfer = Transfer & { idempotencyKey: string };

export type BatchedPosting = {
  transferId: number;
  /** True when the key was posted before: this is the first posting's transfer, nothing new moved. */
  replayed: boolean;
};

/**
 * Many postings in one round trip and one commit (ledger_post_batch(), decision 0016): each is one
 * transfer with its own idempotency key, and the batch is all or nothing. A key posted before answers its
 * first transfer (`replayed`); a key used for another transfer throws IdempotencyKeyReusedError, and a
 * customer the batch as a whole would take below zero throws InsufficientFundsError: nothing is written.
 * Answers one result per posting, in the order given. Within a db transaction (`db` is a `tx`) it joins
 * it; otherwise the call is its own db transaction. For bulk work (the chain follower's deposit credits,
 * bulk data); a customer's own send stays one posting (postTransfers) so one refusal refuses one send.
 */
export async function postTransferBatch(
  db: Db,
  postings: readonly BatchedTransfer[],
  { at }: { at: Date },
): Promise<BatchedPosting[]> {
  const problem = batchProblem(postings);
  if (problem !== null) throw new Error(`Invalid batch: ${problem}`);
  try {
    const row = await callLedgerPostBatch(db, {
      keys: postings.map((p) => p.idempotencyKey),
      ...transferColumns(postings, at),
    });
    return row.transferIds.map((transferId, index) => ({
      transferId,
      replayed: row.replayed[index] === true,
    }));
  } catch (error) {
    throw batchError(error) ?? error;
  }
}

const reusedKeyDetail = z.object({ key: z.string() });

function batchError(error: unknown): Error | undefined {
  const facts = databaseError(error);
  if (facts?.code === "LD003") {
    // ledger_post_batch() names the reused key in the error's detail.
    const detail = reusedKeyDetail.safeParse(JSON.parse(facts.detail ?? "null"));
    return new IdempotencyKeyReusedError(detail.success ? detail.data.key : "(not named)");
  }
  return ledgerError(error, "");
}
