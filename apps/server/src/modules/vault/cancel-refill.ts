import { type VaultRefill, vaultTexts } from "@satsbank/shared";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { releaseVaultCoinsOf } from "./coin-queries.js";
import type { VaultContext } from "./context.js";
import { findRefill, updateRefill } from "./refill-queries.js";
import { lockAwaitingRefill } from "./upload-signatures.js";
import { toVaultRefill } from "./views.js";

/**
 * Staff cancel a refill before it is broadcast, in one db transaction under its row lock (an upload takes
 * the same lock, so one of them wins): its vault coins are free again, and it is audited with the reason.
 * A refill already broadcast, confirmed, failed or cancelled: 409.
 */
export async function cancelRefill({
  ctx,
  staff,
  refillId,
  reason,
}: {
  ctx: Pick<VaultContext, "db" | "clock" | "coldVault">;
  staff: StaffActor;
  refillId: string;
  reason: string;
}): Promise<VaultRefill> {
  if (ctx.coldVault === null) throw new AppError("CONFLICT", vaultTexts.notConfigured);
  const id = refillId.toLowerCase();
  await inDbTransaction(ctx.db, async (db) => {
    const refill = await lockAwaitingRefill(db, id, vaultTexts.notCancellable);
    const at = ctx.clock.now();
    await releaseVaultCoinsOf(db, id);
    await updateRefill(db, id, { status: "cancelled" });
    await recordAuditEvent(db, {
      staff,
      action: "vault.refill_cancelled",
      target: { type: "vault_refill", id },
      reason,
      details: { txid: refill.txid, amountSats: refill.amountSats.toString() },
      at,
    });
  });
  const refill = await findRefill(ctx.db, id);
  if (refill === undefined) throw new AppError("NOT_FOUND", vaultTexts.refillNotFound);
  return toVaultRefill(refill, ctx.coldVault);
}
