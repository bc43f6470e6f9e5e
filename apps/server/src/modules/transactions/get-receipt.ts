import type { Receipt } from "@satsbank/shared";
import { RECEIPT_FORMAT, type ReceiptFacts, toHex, uuidBytes } from "@satsbank/verify";
import { PROOF_KEY_PATH } from "../../bitcoin/proof-key.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import { balanceAfterPosting } from "../../ledger/snapshot.js";
import type { ReceiptContext } from "./context.js";
import { transactionNotFoundText } from "./get-transaction.js";
import { findWalletTransaction } from "./queries.js";

export const noPostingYetText =
  "This transaction has no receipt yet: the ledger has not posted it (a deposit is posted once it has its confirmations)";

/**
 * The customer's receipt of one of their own transactions (docs/proof-of-reserves.md, "Receipts"): as the
 * ledger posted it, with their balance right after the posting, signed with the bank's proof key. Anyone
 * else's transaction is "not found", as its details are; one the ledger has not posted has no receipt.
 */
export async function getReceipt({
  ctx,
  userId,
  transactionId,
}: {
  ctx: ReceiptContext;
  userId: string;
  transactionId: string;
}): Promise<Receipt> {
  const canonical = transactionId.toLowerCase();
  const row = isUuid(canonical)
    ? await findWalletTransaction(ctx.db, { userId, transactionId: canonical })
    : undefined;
  if (row === undefined) throw new AppError("NOT_FOUND", transactionNotFoundText);
  if (row.transferId === null) throw new AppError("CONFLICT", noPostingYetText);
  const posting = await balanceAfterPosting(ctx.db, { userId, transferId: row.transferId });
  if (posting === undefined) {
    throw new Error(
      `Transaction ${row.id}'s transfer ${row.transferId} does not move its customer's account`,
    );
  }
  const facts: ReceiptFacts = {
    transactionId: uuidBytes(row.id),
    accountId: BigInt(posting.accountId),
    type: row.type,
    amount: row.type === "send" ? -row.amount : row.amount,
    fee: row.fee,
    balanceAfter: posting.balanceAfter,
    time: BigInt(posting.postedAt),
    ledgerPosition: BigInt(posting.ledgerPosition),
  };
  const key = ctx.proofKey();
  return {
    format: RECEIPT_FORMAT,
    bank: { name: ctx.brandName, publicKey: toHex(key.publicKey), keyPath: PROOF_KEY_PATH },
    receipt: {
      transactionId: row.id,
      accountId: facts.accountId.toString(),
      type: facts.type,
      amount: facts.amount.toString(),
      fee: facts.fee.toString(),
      balanceAfter: facts.balanceAfter.toString(),
      time: facts.time.toString(),
      ledgerPosition: facts.ledgerPosition.toString(),
    },
    signature: toHex(key.signReceipt(facts)),
  };
}
