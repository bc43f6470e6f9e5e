import type { LabelResponse } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { TransactionsContext } from "./context.js";
import { transactionNotFoundText } from "./get-transaction.js";
import { updateTransactionLabel } from "./labels.js";

/**
 * The customer's own label on one of their transactions: `label` as labelSchema left it (trimmed, plain,
 * at most 255 characters), `""` removes it. Anyone else's row is "not found", exactly like an unknown id.
 */
export async function setTransactionLabel({
  ctx,
  userId,
  transactionId,
  label,
}: {
  ctx: Pick<TransactionsContext, "db">;
  userId: string;
  transactionId: string;
  label: string;
}): Promise<LabelResponse> {
  const canonical = transactionId.toLowerCase();
  const stored = label === "" ? null : label;
  const found =
    isUuid(canonical) &&
    (await updateTransactionLabel(ctx.db, { userId, transactionId: canonical, label: stored }));
  if (!found) throw new AppError("NOT_FOUND", transactionNotFoundText);
  return { label: stored };
}
